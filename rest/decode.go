package rest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/jsoncheck"
	"github.com/memsvc/memsvc/rest/status"
)

// decode reads a JSON body into v, capping its size and naming the
// offending field when a value has the wrong type. The media type was
// already checked for every route by requireJSONBody.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	// A body declared larger than the cap is refused unread: a client that
	// sent Expect: 100-continue is told at once, not asked for the body.
	if r.ContentLength > s.maxBody {
		return engine.Errorf(engine.ETooLarge, "body larger than %d bytes", s.maxBody)
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody))
	if err != nil {
		return decodeError(err, s.maxBody)
	}
	return decodeJSON(raw, v)
}

// MaxJSONDepth is how deeply a request body's objects and lists may nest.
const MaxJSONDepth = 32

// decodeJSON decodes exactly one JSON value of at most MaxJSONDepth levels.
// The body must be valid UTF-8, its escapes whole characters.
func decodeJSON(raw []byte, v any) error {
	// JSON must not start with a byte order mark (RFC 8259, section 8.1);
	// an editor saving "UTF-8 with BOM" adds one, and the decoder's
	// "malformed JSON at byte 1" did not say what was at byte 0.
	if bytes.HasPrefix(raw, []byte("\xef\xbb\xbf")) {
		return engine.Invalid("body", "starts with a byte order mark (bytes EF BB BF): send the JSON without it")
	}
	if err := checkUTF8(raw); err != nil { // utf8field.go
		return err
	}
	if err := checkSurrogates(raw); err != nil {
		return err
	}
	if err := jsoncheck.Depth(raw, MaxJSONDepth, "body"); err != nil {
		return err
	}
	if err := jsoncheck.Keys(raw, reflect.TypeOf(v)); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	// Numbers in untyped values (metadata) stay as sent, so the engine can
	// refuse one a float64 would change (engine.ValidateShared).
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Offset > 0 {
			// The decoder's Field names Go's embedded structs
			// (SearchRequest.include_superseded); the body's path does not.
			if field := status.FieldAt(raw, int(typeErr.Offset)-1); field != "" {
				typeErr.Field = field
			}
		}
		return decodeError(err, 0)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return engine.Invalid("body", "must hold exactly one JSON object")
	}
	// The decoder takes null as "nothing to set", so a null body would
	// pass as an empty object: a reconcile would start over every
	// suggestion from a client that meant to send something else.
	if bytes.HasPrefix(bytes.TrimLeft(raw, " \t\r\n"), []byte("null")) {
		return engine.Invalid("body", "must be a JSON object, got null")
	}
	return nil
}

func decodeError(err error, limit int64) error {
	var maxErr *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	var engErr *engine.Error
	switch {
	case errors.As(err, &engErr): // already says what is wrong (timedBody)
		return engErr
	case errors.As(err, &maxErr):
		return engine.Errorf(engine.ETooLarge, "body larger than %d bytes", limit)
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return engine.Invalid(field, "must be %s, got JSON %s", jsonKind(typeErr.Type.Kind().String()), typeErr.Value)
	case errors.As(err, &syntaxErr):
		return engine.Invalid("body", "malformed JSON at byte %d", syntaxErr.Offset)
	case errors.Is(err, io.EOF):
		return engine.Invalid("body", "empty; a JSON object is required")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return engine.Invalid("body", "truncated JSON")
	default:
		return engine.Invalid("body", "%v", err)
	}
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "map", "struct":
		return "an object"
	case "ptr":
		return "a value"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "an integer"
	default:
		return "a number"
	}
}

// queryInt parses an optional positive integer query parameter.
func queryInt(r *http.Request, name string, def int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, engine.Invalid(name, "must be an integer, got %q", v)
	}
	return n, nil
}

// queryBool parses an optional boolean query parameter.
func queryBool(r *http.Request, name string) (bool, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, engine.Invalid(name, "must be true or false, got %q", v)
	}
	return b, nil
}

// queryList parses the comma-separated query list name. An empty or
// blank value is no filter, as every other list parameter; an empty item
// (`,,,`, `a,,b`, `a,`) is refused: no name is "", and dropping it read
// `,,,` as no filter at all, every memory matching.
func queryList(r *http.Request, name string) ([]string, error) {
	v := r.URL.Query().Get(name)
	if strings.TrimSpace(v) == "" {
		return nil, nil
	}
	items := strings.Split(v, ",")
	for i, s := range items {
		if items[i] = strings.TrimSpace(s); items[i] == "" {
			return nil, engine.Invalid(name, "item %d of %d is empty: give names separated by commas "+
				"(e.g. %s=location,travel), or leave %s out", i+1, len(items), name, name)
		}
	}
	return items, nil
}
