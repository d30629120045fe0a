package ui

import (
	"strings"
	"testing"
	"time"
)

func TestVisibleAndIdentShowHiddenCharacters(t *testing.T) {
	tests := []struct {
		name, in, visible, ident string
	}{
		{"plain", "Alice lives in Paris", "Alice lives in Paris", "Alice lives in Paris"},
		{"rtl override", "invoice\u202Efdp.exe", "invoice[U+202E]fdp.exe", "invoice[U+202E]fdp.exe"},
		{"zero-width space", "pay\u200Bpal", "pay[U+200B]pal", "pay[U+200B]pal"},
		{"word joiner and bom", "a\u2060b\uFEFFc", "a[U+2060]b[U+FEFF]c", "a[U+2060]b[U+FEFF]c"},
		{"tag characters", "hi\U000E0049\U000E0047", "hi[U+E0049][U+E0047]", "hi[U+E0049][U+E0047]"},
		{"hangul filler", "\u3164admin", "[U+3164]admin", "[U+3164]admin"},
		{"emoji joiner kept in text", "👩\u200D💻 codes", "👩\u200D💻 codes", "👩[U+200D]💻 codes"},
		{"non-joiner kept in text", "می\u200Cخواهم", "می\u200Cخواهم", "می[U+200C]خواهم"},
		{"joiner in a user id", "ali\u200Dce", "ali\u200Dce", "ali[U+200D]ce"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := visible(tt.in); got != tt.visible {
				t.Errorf("visible(%q) = %q, want %q", tt.in, got, tt.visible)
			}
			if got := ident(tt.in); got != tt.ident {
				t.Errorf("ident(%q) = %q, want %q", tt.in, got, tt.ident)
			}
		})
	}
}

func TestWhenGivesTheExactInstantInATimeElement(t *testing.T) {
	at := time.Date(2026, 11, 26, 4, 33, 12, 500_000_000, time.FixedZone("CET", 3600))
	want := `<time datetime="2026-11-26T03:33:12.5Z" title="2026-11-26T03:33:12.5Z">2026-11-26 03:33 UTC</time>`
	if got := string(when(at)); got != want {
		t.Errorf("when = %s, want %s", got, want)
	}
	var none *time.Time
	if got := when(none); got != "—" {
		t.Errorf("when(nil) = %q", got)
	}
	if got := when(time.Time{}); got != "—" {
		t.Errorf("when(zero) = %q", got)
	}
}

// TestSpanNeverShowsTwoEndsAlike: a window whose ends fall in one minute
// shows seconds, one that closed where it opened says so, and others read
// as before.
func TestSpanNeverShowsTwoEndsAlike(t *testing.T) {
	from := time.Date(2026, 11, 26, 12, 45, 3, 0, time.UTC)
	at := func(d time.Duration) *time.Time { t := from.Add(d); return &t }
	for _, tt := range []struct {
		name string
		to   *time.Time
		want []string
	}{
		{"open", nil, []string{">2026-11-26 12:45 UTC</time> → now"}},
		{"closed where it opened", at(0), []string{"12:45 UTC</time> (closed where it opened: it never held)"}},
		{"same minute", at(38 * time.Second), []string{">2026-11-26 12:45:03</time> → <time", ">12:45:41 UTC</time>"}},
		{"same second", at(200 * time.Millisecond), []string{">2026-11-26 12:45:03</time> → <time", ">12:45:03 UTC</time> (under a second later)"}},
		{"another minute", at(time.Hour), []string{">2026-11-26 12:45 UTC</time> → <time", ">2026-11-26 13:45 UTC</time>"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := string(span(from, tt.to))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("span = %s, want it to hold %s", got, w)
				}
			}
			if tt.to != nil && !tt.to.Equal(from) && strings.Count(got, "<time") != 2 {
				t.Errorf("span = %s, want both ends", got)
			}
		})
	}
}
