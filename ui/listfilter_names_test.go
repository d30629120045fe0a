package ui_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestListFilterNamesChecked: the memories list's tag and metadata filters
// took a NUL, another control character, invalid UTF-8 or an invisible
// character as sent and answered an empty list (200), where the app,
// project and session filters beside them, and REST's filters, refuse one
// with a 400 naming the field (README: "a bad filter is a 400 naming it").
// Names people write still filter.
func TestListFilterNamesChecked(t *testing.T) {
	e := newEnv(t, "")
	b := e.browser()
	for _, tc := range []struct {
		name, query, field string
	}{
		{"NUL in a tag", "tag=%00", "tag"},
		{"zero-width space in a tag", "tag=tr%E2%80%8Bip", "tag"},
		{"invalid UTF-8 in a tag", "tag=%FF", "tag"},
		{"control in a metadata key", "meta_key=st%01atus", "meta_key"},
		{"invalid UTF-8 in a metadata value", "meta_key=status&meta_value=%FF", "meta_value"},
		{"NUL in a metadata value", "meta_key=status&meta_value=a%00b", "meta_value"},
		{"NUL in an older meta link", "meta=status%3Da%00b", "meta_value"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := b.get("/memories?" + tc.query)
			if p.status != http.StatusBadRequest || !strings.Contains(p.body, tc.field+":") {
				t.Errorf("/memories?%s: %d; want 400 naming %s\n%.600s", tc.query, p.status, tc.field, p.body)
			}
		})
	}
	for _, q := range []string{"tag=trip", "tag=%E6%97%85%E8%A1%8C", "meta_key=status&meta_value=booked", "meta=a%3Db%3Dc", "tag=%20trip%20"} {
		if p := b.get("/memories?" + q); p.status != http.StatusOK {
			t.Errorf("/memories?%s: %d; want 200", q, p.status)
		}
	}
}
