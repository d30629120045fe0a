package history

import "github.com/memsvc/memsvc/engine"

// Doc is a fresh value of the type a document of Collection decodes into:
// an import checks each document against it (account.Deps.DocShape).
func Doc(string) any { return new(engine.History) }
