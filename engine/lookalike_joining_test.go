package engine

import (
	"strings"
	"testing"
)

// A joiner between two letters of a script whose letters join (Adlam,
// Hanifi Rohingya, Mandaic, like Arabic) changes how the word is drawn, so
// a real word written with one is a name; the same joiner in a Latin word
// is refused.
func TestValidateNameJoinerInJoiningScripts(t *testing.T) {
	for _, tt := range []struct {
		name, s string
		want    string // in the error; "" means accepted
	}{
		{"Adlam ZWNJ (Pular)", "𞤆𞤵\u200c𞤤𞤢𞤪", ""},
		{"Adlam ZWJ (Pular)", "𞤆𞤵𞤤\u200d𞤢𞤪", ""},
		{"Hanifi Rohingya ZWNJ (Rohingya)", "𐴌𐴟𐴇𐴥𐴝\u200c𐴚𐴒𐴙𐴝", ""},
		{"Mandaic ZWNJ (Mandaiia)", "ࡌࡀࡍ\u200cࡃࡀࡉࡀ", ""},
		{"Mandaic ZWJ (Mandaiia)", "ࡌࡀࡍࡃ\u200dࡀࡉࡀ", ""},
		{"ZWNJ in a Latin word", "pu\u200clar", "U+200C"},
		{"Mandaic ZWNJ at the end", "ࡌࡀࡍࡃࡀࡉࡀ\u200c", "U+200C"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateName("project", tt.s)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("got %v, want an error naming %s", err, tt.want)
			}
		})
	}
}
