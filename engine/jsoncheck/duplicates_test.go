package jsoncheck

import (
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestDuplicates: keys of the objects at the folded paths are one key when
// encoding/json matches them to one field (Unicode simple folding, not
// lower-casing); others only when identical; nothing under a skipped path
// is compared; arrays are walked.
func TestDuplicates(t *testing.T) {
	folded, skipped := []string{"", "outer"}, []string{"outer.free", "list[1]"}
	for _, tc := range []struct{ name, raw, want string }{
		{"once each", `{"a":1,"outer":{"b":{"c":1}}}`, ""},
		{"twice at the root", `{"a":1,"a":2}`, "a"},
		{"case twin at the root", `{"ab":1,"AB":2}`, "AB"},
		{"long s twin at the root", `{"s":1,"\u017f":2}`, "ſ"},
		{"kelvin twin in a folded object", `{"outer":{"k":1,"\u212a":2}}`, "outer.\u212a"},
		{"case twin deeper is two keys", `{"outer":{"inner":{"k":1,"K":2,"\u212a":3}}}`, ""},
		{"exact twin deeper", `{"outer":{"inner":{"k":1,"k":2}}}`, "outer.inner.k"},
		{"in an array", `{"list":[{"k":1,"k":2}]}`, "list[0].k"},
		{"skipped object", `{"outer":{"free":{"k":1,"k":2,"x":{"y":1,"y":2}}}}`, ""},
		{"skipped array element", `{"list":[{},{"k":1,"k":2}]}`, ""},
		{"the key of a skipped object is still one key", `{"outer":{"free":{},"FREE":{}}}`, "outer.FREE"},
		{"escaped twin", `{"outer":{"\u0061":1,"a":2}}`, "outer.a"},
		{"malformed is left to the decoder", `{"a":1,"a":`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Duplicates([]byte(tc.raw), folded, skipped)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(engine.ErrorMessage(err), tc.want+": given twice")):
				t.Errorf("err = %v, want a refusal naming %s", err, tc.want)
			}
		})
	}
}

// TestFoldKey: keys encoding/json matches to one struct field fold to one
// key, ASCII or not; keys it tells apart stay apart.
func TestFoldKey(t *testing.T) {
	for _, same := range [][2]string{{"params", "PARAMS"}, {"params", "param\u017f"}, {"task", "tas\u212a"},
		{"straße", "STRA\u1e9eE"}, {"σς", "ΣΣ"}} {
		if FoldKey(same[0]) != FoldKey(same[1]) {
			t.Errorf("FoldKey(%q) = %q, FoldKey(%q) = %q; want one key", same[0], FoldKey(same[0]), same[1], FoldKey(same[1]))
		}
	}
	for _, apart := range [][2]string{{"name", "names"}, {"i", "\u0130"}, {"ss", "ß"}} {
		if FoldKey(apart[0]) == FoldKey(apart[1]) {
			t.Errorf("FoldKey(%q) = FoldKey(%q); want two keys", apart[0], apart[1])
		}
	}
}

// TestDepth: nesting past the limit is refused by name, brackets inside
// strings are not nesting.
func TestDepth(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 5) + `1` + strings.Repeat(`}`, 5)
	if err := Depth([]byte(deep), 5, "message"); err != nil {
		t.Errorf("5 levels, limit 5: %v", err)
	}
	if err := Depth([]byte(deep), 4, "message"); err == nil || !strings.HasPrefix(engine.ErrorMessage(err), "message: JSON nested deeper than 4") {
		t.Errorf("5 levels, limit 4: %v; want a refusal naming the message", err)
	}
	if err := Depth([]byte(`{"a":"[[[[{{{{\"[[["}`), 1, "body"); err != nil {
		t.Errorf("brackets in a string: %v", err)
	}
}
