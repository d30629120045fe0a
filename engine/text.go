package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The character rules of what clients write, one per kind of field, so
// every edge (REST, MCP, the dashboard) and every store refuses the same
// input: PostgreSQL refuses a NUL in text and in jsonb, so one that got
// this far was an internal error there, and stored as is on Badger.

// MaxNameBytes bounds every name ValidateName accepts. Fields with a
// tighter bound (a tag, a session, a project, a user, an id) check theirs
// first, with their own message.
const MaxNameBytes = 256

// ValidateName refuses a name a memory is filed under or found by (a user,
// a tag, a session, a project, a speaker, an id) that is not UTF-8 or holds
// a control character, or a character that makes it look like another name
// (lookalikeProblem): a NUL or a line break in one is no name a client
// means, it would be a scope of its own that no other edge can name, and a
// line break in a name that is logged forges a log line. A name is also
// at most MaxNameBytes long: a speaker's name starts a stored text and a
// message id is kept in provenance, and a filter longer than any stored
// name can match nothing, so a longer one is a client's mistake (or a
// probe), never a name.
func ValidateName(field, s string) error {
	if len(s) > MaxNameBytes {
		return Invalid(field, "longer than %d bytes", MaxNameBytes)
	}
	if problem := nameProblem(s); problem != "" {
		return Invalid(field, "%s", problem)
	}
	return nil
}

// nameProblem says what breaks the name rule in s, or "" when nothing does.
func nameProblem(s string) string {
	if !utf8.ValidString(s) {
		return "is not valid UTF-8"
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return fmt.Sprintf("contains a control character (U+%04X)", r)
		}
	}
	return lookalikeProblem(s) // lookalike.go
}

// ValidateText refuses a text (a memory's text, a turn, a correction, a
// query, a metadata string) that is not UTF-8 or holds a C0 control
// character or DEL other than the whitespace ones (tab, line feed, vertical
// tab, form feed, carriage return): a NUL, or an ESC that rewrites the
// terminal that shows the text, is no text a client means. Whitespace is
// text: browsers send a textarea's line breaks as CRLF, and text extracted
// from PDFs holds form feeds and vertical tabs. C1 controls (U+0080–U+009F) pass: they are what
// Windows-1252 text read as Latin-1 holds, and no terminal in UTF-8 mode
// acts on them. Emptiness and length are the writer's checks, which
// depend on its configuration.
func ValidateText(field, s string) error {
	if !utf8.ValidString(s) {
		return Invalid(field, "is not valid UTF-8")
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; isTextControl(rune(c)) {
			return Invalid(field, "contains a control character (U+%04X) at byte %d", c, i)
		}
	}
	return nil
}

// isTextControl reports a character ValidateText refuses: a C0 control
// other than whitespace, or DEL.
func isTextControl(r rune) bool { return r < 0x20 && (r < '\t' || r > '\r') || r == 0x7f }

// DropControls removes the characters ValidateText refuses, for text a
// program produced rather than a client sent (a model's fact, a hook's
// transcript), where refusing would lose the rest.
func DropControls(s string) string {
	if strings.IndexFunc(s, isTextControl) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isTextControl(r) {
			return -1
		}
		return r
	}, s)
}

// validateMetadata applies the text rule to every string value of a
// metadata value at any depth, and the name rule to every key, naming the
// first bad one by its path (metadata.a.b[2]) in key order, so the answer
// does not change from one request to the next. A key that breaks the name
// rule is quoted, not made part of the path. It returns v with every
// json.Number (REST decodes metadata numbers as sent) replaced by the
// float64 that holds it exactly (metadataNumber), in place.
func validateMetadata(path string, v any) (any, error) {
	switch x := v.(type) {
	case string:
		return x, ValidateText(path, x)
	case json.Number:
		return metadataNumber(path, x)
	case []any:
		for i, c := range x {
			n, err := validateMetadata(path+"["+strconv.Itoa(i)+"]", c)
			if err != nil {
				return nil, err
			}
			x[i] = n
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			// A blank key names nothing a filter or a reader could ask
			// for, as a blank tag does not.
			if strings.TrimSpace(k) == "" {
				return nil, Invalid(path, "a key is empty; give every metadata key a name")
			}
			if problem := nameProblem(k); problem != "" {
				return nil, Invalid(path, "key %q %s", k, problem)
			}
			n, err := validateMetadata(path+"."+k, x[k])
			if err != nil {
				return nil, err
			}
			x[k] = n
		}
	}
	return v, nil
}
