// Package timeref finds the calendar times a search query refers to ("on 25
// May, 2022", "in July 2023", "last week"), so recall can prefer memories said
// around then. It reads dates, not events: "after the trip" is no time.
package timeref

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Precision is how fine a mentioned time is.
type Precision int

// Precisions, coarsest last.
const (
	Day Precision = iota
	Week
	Month
	Year
)

// Span is a time a query mentions: [Start, End) at a precision.
type Span struct {
	Start, End time.Time
	Precision  Precision
}

// Find returns the span covering every time the query mentions (from the
// earliest to the latest), and false when it mentions none. Relative times
// ("yesterday", "last month") are taken relative to now, in now's location; a
// day or month without a year borrows the year of another mention, else now's,
// and a yearless date after an earlier one ends a range in the next year
// ("from Dec 20 to Jan 3").
func Find(query string, now time.Time) (Span, bool) {
	var found []Span
	for _, m := range Dates(query, now) {
		found = append(found, m.Span)
	}
	found = append(found, relative(strings.ToLower(query), now)...)
	if len(found) == 0 {
		return Span{}, false
	}
	out := found[0]
	for _, s := range found[1:] {
		if s.Start.Before(out.Start) {
			out.Start = s.Start
		}
		if s.End.After(out.End) {
			out.End = s.End
		}
		out.Precision = max(out.Precision, s.Precision)
	}
	if len(found) > 1 && out.End.Sub(out.Start) > 24*time.Hour && out.Precision == Day {
		out.Precision = Week // a range of days ("between May 3 and May 9")
	}
	return out, true
}

const monthNames = `(january|february|march|april|may|june|july|august|september|october|november|december|` +
	`jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?`

var (
	// "25 May, 2022", "25th of May 2022", "25 May"
	dayMonth = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?(?: of)? ` + monthNames + `(?:,? (\d{4}))?\b`)
	// "May 25, 2022", "May 25th", "May 25 2022"
	monthDay = regexp.MustCompile(`(?i)\b` + monthNames + ` (\d{1,2})(?:st|nd|rd|th)?\b(?:,? (\d{4})\b)?`)
	// "May 2022", "May, 2022"
	monthYear = regexp.MustCompile(`(?i)\b` + monthNames + `,? (\d{4})\b`)
	// "2022-05-25", "2022-05"
	isoDate = regexp.MustCompile(`\b(\d{4})-(\d{2})(?:-(\d{2}))?\b`)
	// a year on its own: "in 2023"
	bareYear = regexp.MustCompile(`\b(19\d{2}|20\d{2})\b`)
	// "25.05.2022", "5/25/2022", "25-05-2022": day and month in either order,
	// read when only one order makes a date (see numericDate)
	numeric = regexp.MustCompile(`\b(\d{1,2})([./-])(\d{1,2})[./-](\d{4})\b`)
	// "in January", "since early March": a month on its own, after a word
	// that makes it a time ("may" and "march" alone are too often verbs)
	bareMonth = regexp.MustCompile(`(?i)\b(?:in|during|since|until|till|by|before|after|around|early|late|mid|of|last|this)-?\s+` + monthNames + `\b`)
)

// Mention is a calendar date a text writes out ("25 May, 2022", "2022-05",
// "July 2023", "2023"), with where it is written.
type Mention struct {
	Span
	Start, End int  // byte offsets of the date in the text
	YearGiven  bool // the text states the year; else it is borrowed (see Find)
}

// mention is one date found in the text before years are settled.
type mention struct {
	year, month, day int // year 0: not given; day 0: whole month; month 0: whole year
	at               [2]int
}

// Dates returns the absolute dates text writes out, in order of appearance.
// A day or month without a year borrows the year of the nearest mention
// that has one, else now's. Relative times ("last week") are not dates here.
func Dates(text string, now time.Time) []Mention {
	q := text
	var ms []mention
	taken := func(at []int) bool {
		for _, m := range ms {
			if at[0] < m.at[1] && m.at[0] < at[1] {
				return true
			}
		}
		return false
	}
	add := func(at []int, year, month, day int) {
		if !taken(at) && validDate(year, month, day) {
			ms = append(ms, mention{year, month, day, [2]int{at[0], at[1]}})
		}
	}
	for _, m := range isoDate.FindAllStringSubmatchIndex(q, -1) {
		add(m[:2], atoi(q, m[2:4]), atoi(q, m[4:6]), atoi(q, m[6:8]))
	}
	for _, m := range dayMonth.FindAllStringSubmatchIndex(q, -1) {
		add(m[:2], atoi(q, m[6:8]), monthOf(q[m[4]:m[5]]), atoi(q, m[2:4]))
	}
	for _, m := range monthDay.FindAllStringSubmatchIndex(q, -1) {
		if month := strings.ToLower(q[m[2]:m[3]]); month == "may" || month == "mar" || month == "march" {
			if m[6] < 0 { // "may 5" without a year is too often the verb
				continue
			}
		}
		add(m[:2], atoi(q, m[6:8]), monthOf(q[m[2]:m[3]]), atoi(q, m[4:6]))
	}
	for _, m := range monthYear.FindAllStringSubmatchIndex(q, -1) {
		add(m[:2], atoi(q, m[4:6]), monthOf(q[m[2]:m[3]]), 0)
	}
	for _, m := range numeric.FindAllStringSubmatchIndex(q, -1) {
		if month, day, ok := numericDate(atoi(q, m[2:4]), atoi(q, m[6:8]), q[m[4]:m[5]]); ok {
			add(m[:2], atoi(q, m[8:10]), month, day)
		}
	}
	for _, m := range bareMonth.FindAllStringSubmatchIndex(q, -1) {
		add(m[2:4], 0, monthOf(q[m[2]:m[3]]), 0)
	}
	for _, m := range bareYear.FindAllStringSubmatchIndex(q, -1) {
		add(m[:2], atoi(q, m[2:4]), 0, 0)
	}
	out := settle(ms, now)
	orderRanges(text, out)
	return out
}

// numericDate reads the first two numbers of a numeric date as a month and
// a day. Only one order makes a date when either number is over 12 ("25.05",
// "5/25"); when both could be the month, a dot is Europe's day.month
// ("03.04.2024" is 3 April) and a slash or dash is no date: "03/04/2024" is 4
// March to one reader and 3 April to another, and a wrong day would steer
// recall to the wrong memories.
func numericDate(first, second int, sep string) (month, day int, ok bool) {
	switch {
	case first > 12 && second <= 12:
		return second, first, true
	case second > 12 && first <= 12:
		return first, second, true
	case first > 12 || second > 12:
		return 0, 0, false
	case first == second || sep == ".":
		return second, first, true
	}
	return 0, 0, false
}

// rangeJoint reports the words between the two ends of a range.
func rangeJoint(between string) bool {
	switch between {
	case "to", "until", "till", "through", "thru", "-", "–", "and":
		return true
	}
	return false
}

// settle gives yearless mentions the year of the nearest mention that has
// one (or now's) and turns them into spans, in order of appearance.
func settle(ms []mention, now time.Time) []Mention {
	out := make([]Mention, 0, len(ms))
	for _, m := range ms {
		given := m.year != 0
		if !given {
			m.year = nearestYear(ms, m, now.Year())
		}
		loc := now.Location()
		var sp Span
		switch {
		case m.month == 0:
			start := time.Date(m.year, 1, 1, 0, 0, 0, 0, loc)
			sp = Span{start, start.AddDate(1, 0, 0), Year}
		case m.day == 0:
			start := time.Date(m.year, time.Month(m.month), 1, 0, 0, 0, 0, loc)
			sp = Span{start, start.AddDate(0, 1, 0), Month}
		default:
			start := time.Date(m.year, time.Month(m.month), m.day, 0, 0, 0, 0, loc)
			sp = Span{start, start.AddDate(0, 0, 1), Day}
		}
		out = append(out, Mention{Span: sp, Start: m.at[0], End: m.at[1], YearGiven: given})
	}
	slices.SortFunc(out, func(a, b Mention) int { return a.Start - b.Start })
	return out
}

// orderRanges moves a yearless date that ends a range into the next year when it would come
// before the range's start: "from Dec 20 to Jan 3" ends in January of the year after.
func orderRanges(text string, ms []Mention) {
	for i := 1; i < len(ms); i++ {
		prev, cur := ms[i-1].Span, &ms[i]
		if cur.YearGiven || !cur.Span.Start.Before(prev.Start) || cur.Span.Precision == Year ||
			!rangeJoint(strings.ToLower(strings.TrimSpace(text[ms[i-1].End:cur.Start]))) {
			continue
		}
		cur.Span.Start = cur.Span.Start.AddDate(1, 0, 0)
		cur.Span.End = cur.Span.End.AddDate(1, 0, 0)
	}
}

func nearestYear(ms []mention, m mention, fallback int) int {
	best, dist := fallback, -1
	for _, o := range ms {
		if o.year == 0 {
			continue
		}
		d := abs(o.at[0] - m.at[0])
		if dist < 0 || d < dist {
			best, dist = o.year, d
		}
	}
	return best
}

// relative finds the times named relative to now.
func relative(q string, now time.Time) []Span {
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	week := day.AddDate(0, 0, -int((day.Weekday()+6)%7)) // Monday
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, now.Location())
	year := time.Date(now.Year(), 1, 1, 0, 0, 0, 0, now.Location())
	table := []struct {
		phrase string
		span   Span
	}{
		{"today", Span{day, day.AddDate(0, 0, 1), Day}},
		{"yesterday", Span{day.AddDate(0, 0, -1), day, Day}},
		{"this week", Span{week, week.AddDate(0, 0, 7), Week}},
		{"last week", Span{week.AddDate(0, 0, -7), week, Week}},
		{"this month", Span{month, month.AddDate(0, 1, 0), Month}},
		{"last month", Span{month.AddDate(0, -1, 0), month, Month}},
		{"this year", Span{year, year.AddDate(1, 0, 0), Year}},
		{"last year", Span{year.AddDate(-1, 0, 0), year, Year}},
	}
	var out []Span
	for _, t := range table {
		if containsPhrase(q, t.phrase) {
			out = append(out, t.span)
		}
	}
	return out
}

func containsPhrase(q, phrase string) bool {
	for i := strings.Index(q, phrase); i >= 0; {
		end := i + len(phrase)
		if (i == 0 || !isWordByte(q[i-1])) && (end == len(q) || !isWordByte(q[end])) {
			return true
		}
		next := strings.Index(q[i+1:], phrase)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9'
}

func monthOf(name string) int {
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	for i, m := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(name, m) {
			return i + 1
		}
	}
	return 0
}

func validDate(year, month, day int) bool {
	switch {
	case year != 0 && (year < 1900 || year > 2199):
		return false
	case month < 0 || month > 12 || (month == 0 && day != 0):
		return false
	case month == 0 && year == 0:
		return false
	}
	if day == 0 {
		return true
	}
	y := year
	if y == 0 {
		y = 2000 // a leap year, so "29 February" without a year is allowed
	}
	return day <= time.Date(y, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

func atoi(s string, at []int) int {
	if at[0] < 0 {
		return 0
	}
	n, _ := strconv.Atoi(s[at[0]:at[1]])
	return n
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
