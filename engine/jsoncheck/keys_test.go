package jsoncheck

import (
	"reflect"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// Check on bodies whose strings hold JSON punctuation, escaped keys,
// arrays of objects and maps: a key given twice in one object is
// refused, named by its path (TestUnknownMembers: members the struct
// lacks).
func TestCheckKeys(t *testing.T) {
	type msg struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	type body struct {
		Text     string         `json:"text"`
		Messages []msg          `json:"messages"`
		Metadata map[string]any `json:"metadata"`
	}
	for _, tc := range []struct {
		name, raw, field string // field "": accepted
	}{
		{"plain", `{"text":"a","messages":[{"role":"user","content":"b"}]}`, ""},
		{"punctuation in strings", `{"text":"a\"}, {\"text\":\"b","metadata":{"k":"{\"k\":1}"}}`, ""},
		{"same key in sibling objects", `{"messages":[{"role":"a"},{"role":"b"}]}`, ""},
		{"same key at two depths", `{"text":"a","metadata":{"text":"b"}}`, ""},
		{"map keys differing in case", `{"metadata":{"k":1,"K":2}}`, ""},
		{"malformed is left to the decoder", `{"text":"a","text":`, ""},
		{"twice", `{"text":"a","text":"b"}`, "text"},
		{"escaped", `{"text":"a","\u0074ext":"b"}`, "text"},
		{"case", `{"text":"a","TEXT":"b"}`, "TEXT"},
		{"in the second message", `{"messages":[{"role":"a"},{"role":"a","ROLE":"b"}]}`, "messages[1].ROLE"},
		{"map key twice", `{"metadata":{"k":1,"k":2}}`, "metadata.k"},
		{"nested unknown object", `{"metadata":{"n":[{"x":1,"x":2}]}}`, "metadata.n[0].x"},
		{"map member of a map", `{"metadata":{"extra":{"a":1,"a":2}}}`, "metadata.extra.a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Keys([]byte(tc.raw), reflect.TypeOf(&body{}))
			switch {
			case tc.field == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.field != "" && (err == nil || !strings.HasPrefix(engine.ErrorMessage(err), tc.field+": given twice")):
				t.Errorf("err = %v, want a refusal naming %s", err, tc.field)
			}
		})
	}
}

// TestUnknownMembers: a member an object's struct does not name exactly
// is refused by its path, with the field meant when one is close; map
// members (metadata) and a body decoded into no known type are free.
func TestUnknownMembers(t *testing.T) {
	type msg struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	type inner struct {
		TopK int `json:"top_k"`
	}
	type body struct {
		inner
		Text     string         `json:"text"`
		Messages []msg          `json:"messages"`
		Metadata map[string]any `json:"metadata"`
		Skip     string         `json:"-"`
	}
	for _, tc := range []struct {
		name, raw, want string // want "": accepted
	}{
		{"known", `{"text":"a","top_k":3,"messages":[{"role":"user","content":"b"}]}`, ""},
		{"map members are free", `{"metadata":{"anything":{"Text":1}}}`, ""},
		{"typo", `{"text":"a","topk":3}`, `topk: unknown field; did you mean "top_k"?`},
		{"case alone", `{"Text":"a"}`, `Text: unknown field; did you mean "text"?`},
		{"escaped case", `{"\u0054ext":"a"}`, `Text: unknown field; did you mean "text"?`},
		{"nested", `{"messages":[{"role":"user"},{"role":"user","contnet":"b"}]}`, `messages[1].contnet: unknown field; did you mean "content"?`},
		{"far from any", `{"zebra":1}`, "zebra: unknown field; this object takes top_k, text, messages, metadata"},
		{"a skipped field is unknown", `{"Skip":"x"}`, "Skip: unknown field"},
		{"embedded struct's own name", `{"inner":{}}`, "inner: unknown field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Keys([]byte(tc.raw), reflect.TypeOf(&body{}))
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(engine.ErrorMessage(err), tc.want)):
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
	if err := Keys([]byte(`{"anything":1}`), nil); err != nil {
		t.Errorf("untyped body refused: %v", err)
	}
}
