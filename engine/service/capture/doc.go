package capture

// Doc is a fresh value of the type a document of CaptureCollection decodes
// into: an import checks each document against it (account.Deps.DocShape).
func Doc(string) any { return new(captureJob) }
