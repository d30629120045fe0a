package jsoncheck

import "github.com/memsvc/memsvc/engine"

// Depth refuses JSON whose objects and lists nest deeper than limit,
// naming it by what ("body", "message"), before anything decodes it:
// encoding/json allows 10,000 levels, and a decoder that walks each nested
// value once a level (the MCP SDK's) costs the document's size times its
// depth. One pass over the bytes; brackets inside strings are not nesting.
func Depth(raw []byte, limit int, what string) error {
	depth, inString, escaped := 0, false, false
	for _, c := range raw {
		switch {
		case escaped:
			escaped = false
		case inString:
			escaped, inString = c == '\\', c != '"'
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			if depth++; depth > limit {
				return engine.Invalid(what, "JSON nested deeper than %d levels", limit)
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}
