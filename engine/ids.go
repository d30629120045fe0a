package engine

import "slices"

// MaxIDBytes bounds a memory or skill id a caller names. The ids the
// engine mints are 26-byte ULIDs; the bound leaves room for imported ids.
const MaxIDBytes = 128

// ValidateID checks an id a caller names (a path segment, a list item)
// before it reaches the store. Ids the engine mints are printable UTF-8, so
// an id that is not can only be unknown; it is refused as bad input rather
// than looked up, because PostgreSQL refuses a NUL or invalid UTF-8 in a
// text parameter, which would otherwise surface as an internal error.
func ValidateID(field, id string) error {
	switch {
	case id == "":
		return Invalid(field, "must not be empty")
	case len(id) > MaxIDBytes:
		return Invalid(field, "longer than %d bytes", MaxIDBytes)
	}
	return ValidateName(field, id)
}

// ValidateIDs checks every id of a list, naming the first bad one by its
// index (field[i]), so a batch is refused whole.
func ValidateIDs(field string, ids []string) error {
	for i, id := range ids {
		if err := ValidateID(field+"["+itoa(i)+"]", id); err != nil {
			return err
		}
	}
	return nil
}

// reservedIDs are path segments the REST API and the dashboard route
// literally beside their {id} routes (/api/v1/memories/search, the
// dashboard's /memories/deleted): a memory with such an id could never be
// read, corrected or deleted by its id. The engine mints ULIDs, so only an
// imported id can be one.
var reservedIDs = []string{"search", "from-conversation", "delete", "deleted"}

// ReservedID reports whether id is a literal route segment (paths match
// with case, so "Search" stays reachable).
func ReservedID(id string) bool { return slices.Contains(reservedIDs, id) }
