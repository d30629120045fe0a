package mcp

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/jsoncheck"
	"github.com/memsvc/memsvc/text"
)

// Arguments are decoded by hand, field by field, so every error names the
// field and says what was expected, in words a model can act on. Types are
// strict, as the schemas declare them (a bare string is not a list, "5" is
// not a number): a lenient reading would guess what a confused caller
// meant. Only null is read as "not given".

// fields are the members of the arguments object, still encoded.
type fields map[string]json.RawMessage

// parseArgs decodes the arguments object and rejects unknown members.
func parseArgs(tool string, raw json.RawMessage, allowed ...string) (fields, error) {
	f := fields{}
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return f, nil
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, engine.Errorf(engine.EInvalid, "arguments: %s takes a JSON object", tool)
	}
	// A key given twice would be read as its last copy, and most likely as
	// its first by whatever logged or filtered the call: refuse it, as REST does.
	if err := jsoncheck.Keys(raw, nil); err != nil {
		return nil, err
	}
	for name, v := range f {
		if off := jsoncheck.LoneSurrogate(v); off >= 0 { // as REST refuses it (rest/utf8field.go)
			return nil, jsoncheck.SurrogateError(name, v[off:off+6])
		}
		if string(bytes.TrimSpace(v)) == "null" {
			delete(f, name)
			continue
		}
		if !slices.Contains(allowed, name) {
			return nil, engine.Errorf(engine.EInvalid, "%s: unknown argument%s; %s takes %s", name, connectionScoped[name], tool, strings.Join(allowed, ", "))
		}
	}
	return f, nil
}

// connectionScoped explains the arguments other memory servers' tools take
// (mem0's user_id, agent_id, app_id, run_id...) that here belong to the
// connection or have another name: a model that passed one learns that it needs no such
// argument, rather than that it cannot say whose memory it writes.
var connectionScoped = map[string]string{
	"user_id":  userScoped,
	"userId":   userScoped,
	"user":     userScoped,
	"agent_id": appScoped,
	"run_id":   ": the conversation or task a memory belongs to is session_id",
	"app_name": appScoped,
	"app_id":   appScoped,
	"app":      appScoped,
	"project":  ": the project is the connection's (its Project header), not an argument",
}

const (
	userScoped = ": memories are always the connected user's (the server knows them from the connection's " +
		"API key or URL), so no user is passed"
	appScoped = ": the app is the connection's (the {clientName} of its /mcp/{clientName} URL), not an argument"
)

func (f fields) str(name string, dst *string) error {
	v, ok := f[name]
	if !ok {
		return nil
	}
	if err := json.Unmarshal(v, dst); err != nil {
		return engine.Invalid(name, "must be a string")
	}
	*dst = strings.TrimSpace(*dst)
	return nil
}

// strs decodes a list of strings.
func (f fields) strs(name string, dst *[]string) error {
	v, ok := f[name]
	if !ok {
		return nil
	}
	var list []any
	if err := json.Unmarshal(v, &list); err != nil {
		var one string
		if json.Unmarshal(v, &one) == nil {
			return engine.Invalid(name, `must be a list of strings, got a string (write ["%s"])`, text.Clip(one, 40))
		}
		return engine.Invalid(name, "must be a list of strings")
	}
	out := make([]string, len(list))
	for i, x := range list {
		s, ok := x.(string)
		if !ok {
			return engine.Invalid(name+"["+itoa(i)+"]", "must be a string, got %s", jsonKind(x))
		}
		out[i] = s
	}
	*dst = out
	return nil
}

// integer decodes a whole number (also 5.0, a JSON number).
func (f fields) integer(name string, dst *int) error {
	v, ok := f[name]
	if !ok {
		return nil
	}
	var n float64
	if err := json.Unmarshal(v, &n); err != nil {
		var s string
		if json.Unmarshal(v, &s) == nil {
			return engine.Invalid(name, "must be an integer, got the string %q (send a JSON number)", text.Clip(s, 20))
		}
		return engine.Invalid(name, "must be an integer")
	}
	if n != math.Trunc(n) || math.Abs(n) > 1e9 {
		return engine.Invalid(name, "must be an integer, got %v", n)
	}
	*dst = int(n)
	return nil
}

// boolean decodes true/false.
func (f fields) boolean(name string, dst *bool) error {
	v, ok := f[name]
	if !ok {
		return nil
	}
	if json.Unmarshal(v, dst) == nil {
		return nil
	}
	return engine.Invalid(name, "must be true or false (a JSON boolean)")
}

// object decodes a JSON object of at most maxBytes.
func (f fields) object(name string, dst *map[string]any, maxBytes int) error {
	v, ok := f[name]
	if !ok {
		return nil
	}
	if len(v) > maxBytes {
		return engine.Errorf(engine.ETooLarge, "%s: larger than %d bytes", name, maxBytes)
	}
	// Numbers are read as sent: the engine keeps one exactly or refuses it
	// (engine/metanumber.go); a float64 here would round 2^53+1 silently.
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil || *dst == nil {
		return engine.Invalid(name, "must be a JSON object")
	}
	return nil
}

func jsonKind(x any) string {
	switch x.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return "a string"
}

// checkText validates one text of a field: not blank, UTF-8, bounded.
func checkText(field, s string, maxBytes int) error {
	switch {
	case strings.TrimSpace(s) == "":
		return engine.Invalid(field, "must not be empty")
	case !utf8.ValidString(s):
		return engine.Invalid(field, "is not valid UTF-8")
	case len(s) > maxBytes:
		return engine.Errorf(engine.ETooLarge, "%s: longer than %d bytes (split it into several items)", field, maxBytes)
	}
	return nil
}

func itoa(i int) string { return strconv.Itoa(i) }
