package engine

import (
	"strings"
	"testing"
)

// TestListFilterBounds: a listing's search_query has the bound of a
// search's query, and its name filters the bound of every name (a 50 KB
// project filter was looked up); values at the bounds pass.
func TestListFilterBounds(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    ListFilter
		want string // "" passes, else the start of the message
	}{
		{"plain", ListFilter{SearchQuery: "tea", Project: "website"}, ""},
		{"query at the bound", ListFilter{SearchQuery: strings.Repeat("a ", MaxQueryBytes/2)}, ""},
		{"query over", ListFilter{SearchQuery: strings.Repeat("a", MaxQueryBytes+1)}, "search_query: longer than 8192 bytes"},
		{"project over", ListFilter{Project: strings.Repeat("p", MaxNameBytes+1)}, "project: longer than 256 bytes"},
		{"session over", ListFilter{SessionID: strings.Repeat("s", 50000)}, "session_id: longer than 256 bytes"},
		{"app over", ListFilter{AppName: strings.Repeat("a", MaxNameBytes+1)}, "app_name: longer than 256 bytes"},
		{"category over", ListFilter{Categories: []string{"work", strings.Repeat("c", MaxNameBytes+1)}}, "categories: longer than 256 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.f.Page, tc.f.Size = 1, 20
			err := tc.f.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (ErrorCode(err) != EInvalid || !strings.HasPrefix(ErrorMessage(err), tc.want)):
				t.Errorf("got %v, want invalid_request starting %q", err, tc.want)
			}
		})
	}
}

func TestSameName(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b string
		want bool
	}{
		{"equal", "web", "web", true},
		{"ascii differ", "web", "Web", false},
		{"composed and decomposed", "caf\u00e9", "cafe\u0301", true},
		{"full width is another name", "\uff57\uff45\uff42", "web", false},
		{"empty", "", "", true},
	} {
		if got := SameName(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: SameName(%+q, %+q) = %v, want %v", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
}
