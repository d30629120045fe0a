package entities

import "github.com/memsvc/memsvc/engine"

// Doc is a fresh value of the type the document id of collection (one of
// Collections) decodes into, or nil for a document these collections never
// hold: an import checks each document against it (account.Deps.DocShape).
func Doc(collection, id string) any {
	switch collection {
	case entityCollection:
		return new(engine.Entity)
	case entityNameCollection:
		return new(nameEntry)
	case entityLinkCollection:
		return new(struct{})
	case jobCollection:
		switch id {
		case reconcileDoc:
			return new(engine.ReconcileJob)
		case stopDoc:
			return new(stopRequest)
		}
	}
	return nil
}
