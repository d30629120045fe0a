package write

// CarryDoc is a fresh value of the type a document of CarryCollection
// decodes into: an import checks each document against it
// (account.Deps.DocShape).
func CarryDoc(string) any { return new(carried) }
