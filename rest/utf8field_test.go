package rest

import (
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
)

func TestFieldAt(t *testing.T) {
	for _, tc := range []struct{ name, raw, want string }{
		{"top key", "{\"text\":\"ab\xffc\",\"infer\":false}", "text"},
		{"after other keys", "{\"infer\":false,\"app\":\"bad\xffname\"}", "app"},
		{"in a list", "{\"memory_ids\":[\"a\",\"b\xff\"]}", "memory_ids[1]"},
		{"nested", "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"},{\"role\":\"user\",\"content\":\"I live in \xc3\"}]}", "messages[1].content"},
		{"in a key", "{\"te\xffxt\":\"a\"}", ""},
		{"metadata", "{\"text\":\"a\",\"metadata\":{\"k\":{\"deep\":[1,\"\xfe\"]}}}", "metadata.k.deep[1]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := status.FieldAt([]byte(tc.raw), status.FirstInvalidUTF8([]byte(tc.raw))); got != tc.want {
				t.Errorf("fieldAt = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLoneSurrogatesRefused(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		field     string // "" : accepted
	}{
		{"pair", `{"text":"\ud83d\ude00 smile"}`, ""},
		{"pair upper case", `{"text":"\uD83D\uDE00"}`, ""},
		{"plain escapes", `{"text":"a\u00e9\n\"\\u","app":"x"}`, ""},
		{"escaped backslash then u", `{"text":"\\ud800"}`, ""},
		{"high alone", `{"text":"Alice \ud800 rides"}`, "text"},
		{"high at the end", `{"query":"x\ud83d"}`, "query"},
		{"high then a non-surrogate", `{"query":"\ud83d\u0041"}`, "query"},
		{"two highs", `{"query":"\ud83d\ud83d\ude00"}`, "query"},
		{"low alone", `{"query":"\udc00"}`, "query"},
		{"low then high", `{"query":"\ude00\ud83d"}`, "query"},
		{"nested", `{"messages":[{"role":"user","content":"ok"},{"role":"user","content":"\udfff"}]}`, "messages[1].content"},
		{"metadata value", `{"text":"a","metadata":{"k":["\ud800"]}}`, "metadata.k[0]"},
		{"in a key", `{"text":"a","metadata":{"\ud800":1}}`, "metadata"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v map[string]any
			err := decodeJSON([]byte(tc.raw), &v)
			switch {
			case tc.field == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.field != "" && (engine.ErrorCode(err) != engine.EInvalid || !strings.HasPrefix(engine.ErrorMessage(err), tc.field+": ") || !strings.Contains(err.Error(), "surrogate")):
				t.Errorf("error %v, want one naming %s and the surrogate", err, tc.field)
			}
		})
	}
}

// A body saved as "UTF-8 with BOM" is refused naming the mark, not as
// malformed JSON at byte 1; a BOM inside a string is only text.
func TestByteOrderMarkNamed(t *testing.T) {
	var v map[string]any
	err := decodeJSON([]byte("\xef\xbb\xbf{\"text\":\"hi\"}"), &v)
	if engine.ErrorCode(err) != engine.EInvalid || !strings.Contains(engine.ErrorMessage(err), "byte order mark") {
		t.Errorf("BOM-led body: %v, want a 400 naming the byte order mark", err)
	}
	if err := decodeJSON([]byte("{\"text\":\"\xef\xbb\xbfhi\"}"), &v); err != nil {
		t.Errorf("a BOM inside a string: %v", err)
	}
}
