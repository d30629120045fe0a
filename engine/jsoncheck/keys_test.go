package jsoncheck

import (
	"reflect"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// Check on bodies whose strings hold JSON punctuation, escaped keys,
// arrays of objects and maps: only a key given twice in one object is
// refused, named by its path.
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
		{"unknown member", `{"extra":{"a":1,"a":2}}`, "extra.a"},
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
