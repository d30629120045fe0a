package rest

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/engine"
)

// checkKeys refuses a JSON object that gives one key twice. encoding/json
// keeps the last of two equal keys and matches a struct's field names
// ignoring case ("Text" sets text), so {"text":"a","Text":"b"} is read as
// "b" here and, most likely, as "a" by a proxy, a filter or a log in front:
// the caller must mean one. Keys of an object decoded into a struct (the
// request's fields) are equal when they differ only in case, as the
// decoder reads them; keys of a map (metadata) only when identical. t is
// the type the body decodes into; malformed JSON is left to the decoder,
// which names it.
func checkKeys(raw []byte, t reflect.Type) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := walkValue(dec, t, ""); err != nil && !errors.Is(err, errMalformed) {
		return err
	}
	return nil
}

// errMalformed stops the walk at JSON the decoder will refuse itself.
var errMalformed = errors.New("malformed JSON")

// walkValue reads one value of type t (nil: unknown) at path.
func walkValue(dec *json.Decoder, t reflect.Type, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return errMalformed
	}
	switch tok {
	case json.Delim('{'):
		return walkObject(dec, t, path)
	case json.Delim('['):
		elem := elemType(t)
		for i := 0; dec.More(); i++ {
			if err := walkValue(dec, elem, path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return errMalformed
		}
	}
	return nil
}

// walkObject reads the members of an object of type t after its '{'.
func walkObject(dec *json.Decoder, t reflect.Type, path string) error {
	t = concrete(t)
	isStruct := t != nil && t.Kind() == reflect.Struct
	seen := map[string]string{} // the key as compared → as written
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return errMalformed
		}
		key, _ := tok.(string)
		name := key
		if path != "" {
			name = path + "." + key
		}
		id := key
		if isStruct {
			id = foldKey(key)
		}
		if prev, ok := seen[id]; ok {
			if prev == key {
				return engine.Invalid(name, "given twice in one object; send each key once")
			}
			return engine.Invalid(name, "given twice in one object (as %q and %q, which name one field); send each key once", prev, key)
		}
		seen[id] = key
		if err := walkValue(dec, memberType(t, key), name); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return errMalformed
	}
	return nil
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// concrete is t without pointers, or nil when the decoder does not read
// t's objects member by member (a custom UnmarshalJSON, an interface).
func concrete(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() == reflect.Interface || reflect.PointerTo(t).Implements(unmarshalerType) {
		return nil
	}
	return t
}

func elemType(t reflect.Type) reflect.Type {
	if t = concrete(t); t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		return t.Elem()
	}
	return nil
}

// memberType is the type key decodes into inside an object of type t.
func memberType(t reflect.Type, key string) reflect.Type {
	switch {
	case t == nil:
		return nil
	case t.Kind() == reflect.Map:
		return t.Elem()
	case t.Kind() == reflect.Struct:
		var folded reflect.Type
		for _, f := range reflect.VisibleFields(t) {
			name, ok := jsonName(f)
			if !ok {
				continue
			}
			if name == key {
				return f.Type
			}
			if folded == nil && foldKey(name) == foldKey(key) {
				folded = f.Type
			}
		}
		return folded
	}
	return nil
}

// jsonName is the member name encoding/json gives field f, false when f
// is not decoded by name (unexported, "-", or an embedded struct whose
// fields are promoted).
func jsonName(f reflect.StructField) (string, bool) {
	tag := f.Tag.Get("json")
	if !f.IsExported() || tag == "-" {
		return "", false
	}
	name, _, _ := strings.Cut(tag, ",")
	if f.Anonymous && name == "" && concrete(f.Type) != nil && concrete(f.Type).Kind() == reflect.Struct {
		return "", false
	}
	if name == "" {
		name = f.Name
	}
	return name, true
}

// foldKey maps s to one spelling of its case-insensitive class (each rune
// to the smallest rune of its simple case folding orbit), as encoding/json
// matches field names.
func foldKey(s string) string {
	return strings.Map(func(r rune) rune {
		low := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			low = min(low, f)
		}
		return low
	}, s)
}
