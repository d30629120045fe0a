package bench

import (
	"strings"
	"time"
)

// timeLayouts are the date-time shapes long-conversation datasets use,
// tried in order: LoCoMo's "1:56 pm on 8 May, 2023", REALTALK's
// "29.12.2023, 00:51:12", and the ISO forms.
var timeLayouts = []string{
	"3:04 pm on 2 January, 2006",
	"3:04 pm on 2 Jan, 2006",
	"3:04 pm on January 2, 2006",
	"02.01.2006, 15:04:05",
	"02.01.2006 15:04:05",
	"02.01.2006",
	time.RFC3339,
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05",
	"2006-01-02",
}

// parseTime reads a dataset time as UTC; ok is false when no layout fits.
func parseTime(s string) (time.Time, bool) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return time.Time{}, false
	}
	// Also lower case: Go matches month names in any case but "pm" only as
	// written, while ISO forms need their upper-case "T".
	for _, v := range []string{s, strings.ToLower(s)} {
		for _, layout := range timeLayouts {
			if t, err := time.Parse(layout, v); err == nil {
				return t.UTC(), true
			}
		}
	}
	return time.Time{}, false
}
