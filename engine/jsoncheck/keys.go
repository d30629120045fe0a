// Package jsoncheck finds, in a raw JSON document, what encoding/json would
// silently change while decoding it: a key given twice, a member the
// target struct does not have (or has under another case), and a \u
// escape of half a UTF-16 surrogate pair. The edges (REST bodies, MCP tool arguments)
// check before they decode.
package jsoncheck

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// Keys refuses a JSON object that gives one key twice, and a member of an
// object decoded into a struct that the struct does not name exactly:
// encoding/json drops an unknown member ("topk") without a word, so the
// caller's intent silently does nothing, and matches "User_ID" to user_id,
// which a proxy or filter in front that reads user_id would not see. The
// refusal names the field meant when one is close. encoding/json
// keeps the last of two equal keys and matches a struct's field names
// ignoring case ("Text" sets text), so {"text":"a","Text":"b"} is read as
// "b" here and, most likely, as "a" by a proxy, a filter or a log in front:
// the caller must mean one. Keys of an object decoded into a struct (the
// request's fields) are equal when they differ only in case, as the
// decoder reads them; keys of a map (metadata) only when identical. t is
// the type the body decodes into; malformed JSON is left to the decoder,
// which names it. One pass over the bytes: the decoder's Token API costs
// microseconds a token, which a 1 MiB body of tiny values turns into
// seconds.
func Keys(raw []byte, t reflect.Type) error {
	fields := fieldTypes{}
	open := func(stack []keyFrame) {
		f := &stack[len(stack)-1]
		f.t = fields.valueType(stack[:len(stack)-1], t)
		if f.object {
			f.t = concrete(f.t)
			f.isStruct = f.t != nil && f.t.Kind() == reflect.Struct
			f.fold = f.isStruct
		}
	}
	return scanKeys(raw, open, fields.checkMember)
}

// scanKeys walks raw's objects and arrays in one pass over the bytes,
// refusing a key given twice in one object. open fills in the frame of
// each container as it opens (the stack's last); member checks each key
// once recorded. Malformed JSON is left to the decoder (nil).
func scanKeys(raw []byte, open func(stack []keyFrame), member func(stack []keyFrame) error) error {
	if !json.Valid(raw) {
		return nil
	}
	var stack []keyFrame
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '{', '[':
			stack = append(stack, keyFrame{object: c == '{', wantKey: c == '{'})
			open(stack)
		case '}', ']':
			stack = stack[:len(stack)-1]
		case ',':
			if f := &stack[len(stack)-1]; f.object {
				f.wantKey = true
			} else {
				f.index++
			}
		case '"':
			end := stringEnd(raw, i)
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				if err := stack[n-1].addKey(raw[i:end+1], stack); err != nil {
					return err
				}
				if err := member(stack); err != nil {
					return err
				}
			}
			i = end
		}
	}
	return nil
}

// keyFrame is one open object or array of a body scanKeys walks.
type keyFrame struct {
	t                reflect.Type // what it decodes into; nil: unknown
	object, isStruct bool
	fold             bool // keys equal as encoding/json matches struct fields are one key
	free             bool // keys are not compared (left to whoever reads this object)
	onRule           bool // on the way to a path Duplicates was given
	wantKey          bool
	key              string            // the member being read
	index            int               // the element being read
	seen             map[string]string // a key as compared → as written
}

// addKey records the quoted key q of the innermost object f, refusing one
// it has seen.
func (f *keyFrame) addKey(q []byte, stack []keyFrame) error {
	key := string(q[1 : len(q)-1])
	if bytes.IndexByte(q, '\\') >= 0 { // "t\u0065xt" is "text"
		if err := json.Unmarshal(q, &key); err != nil {
			return nil
		}
	}
	f.key, f.wantKey = key, false
	if f.free {
		return nil
	}
	id := key
	if f.fold {
		id = FoldKey(key)
	}
	prev, dup := f.seen[id]
	if !dup {
		if f.seen == nil {
			f.seen = map[string]string{}
		}
		f.seen[id] = key
		return nil
	}
	name := keyPath(stack)
	if prev == key {
		return engine.Invalid(name, "given twice in one object; send each key once")
	}
	return engine.Invalid(name, "given twice in one object (as %q and %q, which name one field); send each key once", prev, key)
}

// valueType is the type of the value that starts inside stack's innermost
// container (root for the body itself).
func (ft fieldTypes) valueType(stack []keyFrame, root reflect.Type) reflect.Type {
	if len(stack) == 0 {
		return root
	}
	f := stack[len(stack)-1]
	if f.object {
		return ft.memberType(f.t, f.key)
	}
	return elemType(f.t)
}

// stringEnd is the index of the quote closing the string that opens at i
// (raw is valid JSON).
func stringEnd(raw []byte, i int) int {
	for j := i + 1; j < len(raw); j++ {
		switch raw[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(raw) - 1
}

// keyPath names the member being read, as the body spells it
// (messages[1].role).
func keyPath(stack []keyFrame) string {
	var b strings.Builder
	for _, f := range stack {
		switch {
		case f.object:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(f.key)
		default:
			b.WriteString("[" + strconv.Itoa(f.index) + "]")
		}
	}
	return b.String()
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

// fieldTypes caches, for each struct type met in one body, the type each
// member name decodes into, so a body of many small objects costs one
// reflection walk a type, not one a key.
type fieldTypes map[reflect.Type]structFields

// structFields are a struct's members by name, and their names in
// declaration order (for the refusal of an unknown one).
type structFields struct {
	types map[string]reflect.Type
	names []string
}

// checkMember refuses the member just read in stack's innermost object
// when that object decodes into a struct without a field of that exact
// name.
func (ft fieldTypes) checkMember(stack []keyFrame) error {
	f := stack[len(stack)-1]
	if !f.isStruct {
		return nil
	}
	sf := ft.fieldsOf(f.t)
	if _, ok := sf.types[f.key]; ok {
		return nil
	}
	if hint := text.DidYouMean(f.key, sf.names...); hint != "" {
		return engine.Invalid(keyPath(stack), "unknown field%s", hint)
	}
	return engine.Invalid(keyPath(stack), "unknown field; this object takes %s", strings.Join(sf.names, ", "))
}

// memberType is the type key decodes into inside an object of type t (nil
// for a struct member checkMember refused).
func (ft fieldTypes) memberType(t reflect.Type, key string) reflect.Type {
	switch {
	case t == nil:
		return nil
	case t.Kind() == reflect.Map:
		return t.Elem()
	case t.Kind() != reflect.Struct:
		return nil
	}
	return ft.fieldsOf(t).types[key]
}

// fieldsOf is struct t's members, walked once per body.
func (ft fieldTypes) fieldsOf(t reflect.Type) structFields {
	if sf, ok := ft[t]; ok {
		return sf
	}
	sf := structFields{types: map[string]reflect.Type{}}
	for _, f := range reflect.VisibleFields(t) {
		if name, ok := jsonName(f); ok {
			sf.types[name] = f.Type
			sf.names = append(sf.names, name)
		}
	}
	ft[t] = sf
	return sf
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

// FoldKey maps s to one spelling of its case-insensitive class, as
// encoding/json matches field names: "params", "PARAMS" and "paramſ"
// (U+017F, long s) fold to one key (engine.FoldCase).
func FoldKey(s string) string { return engine.FoldCase(s) }
