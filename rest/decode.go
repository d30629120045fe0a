package rest

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine"
)

// decode reads a JSON body into v, capping its size and naming the
// offending field when a value has the wrong type. The media type was
// already checked for every route by requireJSONBody.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	body := http.MaxBytesReader(w, r.Body, s.maxBody)
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		return decodeError(err, s.maxBody)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return engine.Invalid("body", "must hold exactly one JSON object")
	}
	return nil
}

func decodeError(err error, limit int64) error {
	var maxErr *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
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

// splitList parses a comma-separated query list, dropping empty items.
func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
