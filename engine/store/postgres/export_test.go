package postgres

// Translate maps a database error to an engine error as the store does,
// for tests that reach the database without the store.
func Translate(err error) error { return translate("test", err) }
