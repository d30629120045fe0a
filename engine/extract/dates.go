package extract

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine/timeref"
	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
	"github.com/olebedev/when"
	"github.com/olebedev/when/rules"
	"github.com/olebedev/when/rules/en"
)

// precision is the granularity of a resolved date: it decides how the date is written into
// a fact ("on 2024-05-07", "in June 2024") and where its validity starts.
type precision int

const (
	precDay precision = iota
	precWeek
	precMonth
	precYear
	precSeason // three months from a season's first (seasons.go)
)

type tense int

const (
	tensePresent tense = iota
	tensePast
	tenseFuture
)

// resolvedDate is a date phrase found in a clause and resolved against the message time.
type resolvedDate struct {
	start, end int       // byte span in the clause, including an absorbed preposition
	at         time.Time // start of the period
	prec       precision
	prep       string    // preposition kept in the text ("since", "by", …); "" writes on/in
	yearless   bool      // a day or month written without its year: the year was chosen here
	to         time.Time // for the start of a range, the range's exclusive end ("from Dec 20 to Jan 3": Jan 4)
}

// until is the exclusive end of the period the date names: the day, week, month or year after.
func (d resolvedDate) until() time.Time {
	switch d.prec {
	case precWeek:
		return d.at.AddDate(0, 0, 7)
	case precMonth:
		return d.at.AddDate(0, 1, 0)
	case precYear:
		return d.at.AddDate(1, 0, 0)
	case precSeason:
		return d.at.AddDate(0, 3, 0)
	}
	return d.at.AddDate(0, 0, 1)
}

// bare renders the date without a preposition.
func (d resolvedDate) bare() string {
	switch d.prec {
	case precWeek:
		return "the week of " + d.at.Format("2006-01-02")
	case precMonth:
		return d.at.Format("January 2006")
	case precYear:
		return d.at.Format("2006")
	case precSeason:
		return seasonName(d.at)
	}
	return d.at.Format("2006-01-02")
}

// writtenDateRe finds a date as inline writes it: "on 2025-03-03", "in July 2025", "since spring 2025",
// "since the week of 2025-02-24", "in 2019".
var writtenDateRe = lazyre.New(`\s(?:(?:on|in|since|by|until|from|before|after)\s)?(?:the week of \d{4}-\d{2}-\d{2}|\d{4}-\d{2}-\d{2}|(?:January|February|March|April|May|June|July|August|September|October|November|December|spring|summer|autumn|winter) \d{4}|(?:19|20)\d{2})\b`)

// WithoutWrittenDates returns a fact's text without the dates the extractor wrote into
// it, for comparing what two facts say apart from when.
func WithoutWrittenDates(fact string) string {
	return writtenDateRe.ReplaceAllString(fact, "")
}

// inline renders the date as it is written in place of the original phrase.
func (d resolvedDate) inline() string {
	switch {
	case d.prep == "-":
		return d.bare()
	case d.prep != "":
		return d.prep + " " + d.bare()
	case d.prec == precDay:
		return "on " + d.bare()
	}
	return "in " + d.bare()
}

// dateResolver finds and resolves date phrases with github.com/olebedev/when, extended with
// rules it lacks ("last week", "next month", "last weekend", "since 2015") and a fix for
// month offsets, which the library does not roll over into the next or previous year.
// It is built once per extractor and is safe for concurrent use (the parser holds no state).
type dateResolver struct {
	parser *when.Parser
}

func newDateResolver() *dateResolver {
	p := when.New(&rules.Options{Distance: 5, MatchByOrder: true})
	p.Add(
		en.Weekday(rules.Override),
		en.CasualDate(rules.Override),
		en.Deadline(rules.Override),
		en.PastTime(rules.Override),
		en.ExactMonthDate(rules.Override),
		// Added after the library rules so that, with MatchByOrder, they apply last and win.
		periodRule(), monthOffsetRule(), yearLiteralRule(), partOfDayRule(), coupleRule(), seasonRule(),
	)
	return &dateResolver{parser: p}
}

const monthNames = `(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)`

var (
	weekPhraseRe   = lazyre.New(`^(?:last|next|this|past|coming)\s+week$`)
	monthPhraseRe  = lazyre.New(`\bmonths?\b`)
	yearPhraseRe   = lazyre.New(`\byears?\b`)
	yearLiteralRe  = lazyre.New(`(?:19|20)\d\d$`)
	bareMonthRe    = lazyre.New(`^` + monthNames + `\.?$`)
	hasMonthRe     = lazyre.New(`\b` + monthNames + `\b`)
	bareWeekdayRe  = lazyre.New(`^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)$`)
	weekdayAbbrRe  = lazyre.New(`^(?:mon|tue|tues|wed|thu|thur|fri|sat|sun)$`)
	keptPreps      = set(`since by until till before after from within for between`)
	absorbedPreps  = set(`on in at during`)
	monthDeictics  = set(`next this last coming`)
	rangeWords     = set(`to through thru and or till - –`)
	monthPrepWords = set(`in since during until till by from early late mid of this next last`)
)

// maxDates bounds the date phrases resolved in one clause ("from May 20 to May 27").
const maxDates = 3

// resolveAll finds up to maxDates date phrases in clause, in order of appearance. Dates
// written out with their year ("May 25, 2022", "3rd of June 2023", "2024-02-29") are read
// by timeref, which keeps the year; the rest (relative and tense-dependent phrases, and
// days without a year) by the when parser, which is blind to a year after a day.
func (r *dateResolver) resolveAll(clause string, ref time.Time, t tense) []resolvedDate {
	if !hasDateCue(clause) && !hasSeasonCue(clause) {
		return nil
	}
	out, text := explicitDates(clause, ref)
	for found := 0; found < maxDates && (hasDateCue(text) || hasSeasonCue(text)); found++ {
		d, ok := r.resolve(clause, text, ref, t)
		if !ok {
			break
		}
		out = append(out, d)
		text = blank(text, d.start, d.end, ' ')
	}
	for i := range out {
		out[i].absorbOnwards(clause)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	// Rewriting replaces spans from the last to the first: they must not overlap.
	kept := out[:0]
	for _, d := range out {
		if len(kept) == 0 || d.start >= kept[len(kept)-1].end {
			kept = append(kept, d)
		}
	}
	kept = kept[:min(len(kept), maxDates)]
	for i := 1; i < len(kept); i++ {
		orderRange(clause, &kept[i-1], &kept[i])
	}
	return kept
}

// blank overwrites text[start:end] with c, keeping every byte offset.
func blank(text string, start, end int, c byte) string {
	return text[:start] + strings.Repeat(string(c), end-start) + text[end:]
}

// explicitDates resolves the dates clause writes out with a year (a day or a month of a
// year; a bare year is left to the parser, which knows "since 2015" from "2015 photos"),
// and returns clause with them masked for the parser. The mask is not blank: the parser
// joins phrases a few spaces apart, and would join "yesterday" and "next week" across it.
func explicitDates(clause string, ref time.Time) ([]resolvedDate, string) {
	var out []resolvedDate
	text := clause
	for _, m := range timeref.Dates(clause, ref) {
		if !m.YearGiven || m.Precision == timeref.Year {
			continue
		}
		d := resolvedDate{start: m.Start, end: m.End, at: m.Span.Start, prec: precDay}
		if m.Precision == timeref.Month {
			d.prec = precMonth
		}
		d.absorbLeadIn(clause)
		out = append(out, d)
		text = blank(text, d.start, d.end, '_')
	}
	return out, text
}

// absorbLeadIn extends a written-out date over the words that introduce it: a weekday
// ("on Monday, May 25, 2022" is one day), an article ("on the 3rd of June 2023"), and
// then the preposition before them.
func (d *resolvedDate) absorbLeadIn(clause string) {
	if w, at := prevWord(clause[:d.start]); bareWeekdayRe.MatchString(w) || weekdayAbbrRe.MatchString(w) {
		d.start = at
	}
	if w, at := prevWord(clause[:d.start]); w == "the" {
		d.start = at
		if p, _ := prevWord(clause[:at]); !absorbedPreps[p] && !keptPreps[p] {
			d.prep = "-" // "The 3rd of June 2023 was…" → "2023-06-03 was…"
			return
		}
	}
	d.absorbPreposition(clause, strings.ToLower(clause[d.start:d.end]))
}

// resolve finds the first acceptable date phrase in text (clause with earlier finds masked),
// resolved against ref. The tense of the clause picks past or future for phrases the library
// reads as "next" ("on Saturday").
func (r *dateResolver) resolve(clause, text string, ref time.Time, t tense) (resolvedDate, bool) {
	for attempt := 0; attempt < 3; attempt++ {
		res, err := r.parser.Parse(text, ref)
		if err != nil || res == nil {
			return resolvedDate{}, false
		}
		start := res.Index
		end := start + len(strings.TrimRight(res.Text, " \t"))
		phrase := strings.ToLower(clause[start:end])
		if !acceptablePhrase(clause, start, phrase) || plainSeason(phrase) && !seasonDates(clause, t) {
			// Mask the false positive ("I sat down", "the sun") and look further.
			text = blank(text, start, end, ' ')
			continue
		}
		d := resolvedDate{start: start, end: end, prec: phrasePrecision(phrase)}
		d.yearless = hasMonthRe.MatchString(phrase) && !yearLiteralRe.MatchString(phrase)
		d.at = floorTo(adjustForTense(res.Time, ref, phrase, pointedTense(clause, start, phrase, t)), d.prec)
		if y := d.at.Year(); y < 1 || y > 9998 {
			// "3000 years ago", "in 9000 years": no time a memory can hold
			// (RFC 3339 writes years 0 to 9999, and the date's period must
			// end within them); the phrase stays as written.
			text = blank(text, start, end, ' ')
			continue
		}
		d.absorbPreposition(clause, phrase)
		return d, true
	}
	return resolvedDate{}, false
}

// hasDateCue is a cheap pre-filter: most sentences have no date, and the parser runs a dozen
// regular expressions.
func hasDateCue(s string) bool { return hasDateCueBut(s, nil) }

// hasDateCueBut is hasDateCue with the cues in but not counted.
func hasDateCueBut(s string, but map[string]bool) bool {
	for _, w := range text.Tokens(s) {
		if dateCues[w] && !but[w] || len(w) == 4 && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20")) {
			return true
		}
	}
	return false
}

func prevWord(s string) (word string, at int) {
	s = strings.TrimRight(s, " \t,")
	i := strings.LastIndexAny(s, " \t") + 1
	return strings.ToLower(s[i:]), i
}

func acceptablePhrase(clause string, start int, phrase string) bool {
	switch {
	case phrase == "now" || phrase == "":
		return false
	case weekdayAbbrRe.MatchString(phrase):
		w, _ := prevWord(clause[:start])
		return w == "on"
	case bareMonthRe.MatchString(phrase):
		// "in March" is a date; "I may", "we march" are not.
		w, _ := prevWord(clause[:start])
		return monthPrepWords[w]
	}
	return true
}

func phrasePrecision(p string) precision {
	switch {
	case isSeasonPhrase(p):
		return precSeason
	case strings.Contains(p, "weekend"):
		return precDay
	case weekPhraseRe.MatchString(p):
		return precWeek
	case yearLiteralRe.MatchString(p):
		if hasMonthRe.MatchString(p) {
			return precMonth
		}
		return precYear
	case monthPhraseRe.MatchString(p), bareMonthRe.MatchString(p):
		return precMonth
	case yearPhraseRe.MatchString(p):
		return precYear
	}
	return precDay
}

// adjustForTense moves dates the library resolved forward ("Saturday" → next Saturday,
// "December 3" → this year's) into the past when the clause is in the past tense, and
// absolute dates into the future when it speaks of the future.
// pointedTense is the tense the words just before a date, or its own first word, point it
// to, whatever the clause's: "since March" and "last March" are behind ("I'm vegetarian since
// March", said in November, is this year's March, not the nearest), "next March" ahead, and
// "until March" and "by March" ahead unless the clause is past. Otherwise the clause's tense t.
func pointedTense(clause string, start int, phrase string, t tense) tense {
	w1, at := prevWord(clause[:start])
	w2, _ := prevWord(clause[:at])
	first, _, _ := strings.Cut(phrase, " ")
	for _, w := range []string{first, w1, w2} {
		switch {
		case w == "since" || w == "last":
			return tensePast
		case w == "next", (w == "until" || w == "till" || w == "by") && t != tensePast:
			return tenseFuture // "had it done by March" stays past
		}
	}
	return t
}

func adjustForTense(at, ref time.Time, phrase string, t tense) time.Time {
	p := strings.TrimPrefix(phrase, "on ")
	if isSeasonPhrase(p) {
		return adjustSeason(at, ref, p, t)
	}
	switch {
	case bareWeekdayRe.MatchString(p) && t == tensePast && at.After(ref):
		return at.AddDate(0, 0, -7)
	case hasMonthRe.MatchString(p) && !yearLiteralRe.MatchString(p):
		if t == tensePast && at.After(ref) {
			return at.AddDate(-1, 0, 0)
		}
		if t == tenseFuture && at.Before(ref.AddDate(0, 0, -1)) {
			return at.AddDate(1, 0, 0)
		}
		if t == tensePresent {
			return nearestYear(at, ref)
		}
	}
	return at
}

func floorTo(t time.Time, p precision) time.Time {
	y, m, d := t.Date()
	switch p {
	case precWeek:
		back := (int(t.Weekday()) + 6) % 7 // days since Monday
		return time.Date(y, m, d-back, 0, 0, 0, 0, t.Location())
	case precMonth, precSeason:
		return time.Date(y, m, 1, 0, 0, 0, 0, t.Location())
	case precYear:
		return time.Date(y, 1, 1, 0, 0, 0, 0, t.Location())
	}
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}

// absorbPreposition extends the span over the preposition before or inside the phrase, so that
// "on Monday" is replaced as a whole; prepositions with meaning (since, by, until) are kept.
func (d *resolvedDate) absorbPreposition(clause, phrase string) {
	if first, _, ok := strings.Cut(phrase, " "); ok && (keptPreps[first] || absorbedPreps[first]) {
		if keptPreps[first] && first != "within" {
			d.prep = first
		}
		if first == "within" {
			d.prep = "by"
		}
		return
	}
	w, at := prevWord(clause[:d.start])
	if monthDeictics[strings.ToLower(w)] && bareMonthRe.MatchString(phrase) {
		// "next September": the tense already picked the year, so "next" goes with the month
		// rather than being left before the date written in ("next in September 2027").
		d.start = at
		w, at = prevWord(clause[:d.start])
	}
	switch {
	case rangeWords[w]:
		d.prep = "-" // "from May 20 to May 27": the second date follows "to" bare
	case absorbedPreps[w]:
		d.start = at
	case keptPreps[w]:
		d.start, d.prep = at, w
	}
}

// onwardsRe is the word that closes a start date: "from next week on", "from May onwards".
var onwardsRe = lazyre.New(`(?i)^\s+(?:on|onwards?)\b`)

// absorbOnwards extends a date said with "from" over the "on" or "onwards" that closes
// it, so that the rewritten clause keeps no stray "on" ("from the week of … on").
func (d *resolvedDate) absorbOnwards(clause string) {
	if d.prep != "from" {
		return
	}
	if loc := onwardsRe.FindStringIndex(clause[d.end:]); loc != nil {
		d.end += loc[1]
	}
}

// periodRule resolves "last week", "next month", "this year", "last weekend".
func periodRule() rules.Rule {
	return &rules.F{
		RegExp: regexp.MustCompile(`(?i)(?:\W|^)((?:last|next|this|past|coming)\s+(?:weekend|week|month|year))(?:\W|$)`),
		Applier: func(m *rules.Match, c *rules.Context, _ *rules.Options, ref time.Time) (bool, error) {
			f := strings.Fields(strings.ToLower(m.Text))
			sign := 0
			switch f[0] {
			case "last", "past":
				sign = -1
			case "next", "coming":
				sign = 1
			}
			switch f[1] {
			case "week":
				c.Duration = time.Duration(sign) * 7 * 24 * time.Hour
			case "weekend":
				c.Duration = time.Duration(weekendOffset(ref, sign)) * 24 * time.Hour
			case "month":
				setMonth(c, ref, sign)
			case "year":
				y := ref.Year() + sign
				c.Year = &y
			}
			return true, nil
		},
	}
}

// weekendOffset is the number of days from ref to the Saturday of the last (-1), this (0) or
// next (+1) weekend.
func weekendOffset(ref time.Time, sign int) int {
	wd := int(ref.Weekday())
	switch sign {
	case -1:
		back := (wd - int(time.Saturday) + 7) % 7
		if back == 0 {
			back = 7
		}
		return -back
	case 1:
		return (int(time.Saturday)-wd+7)%7 + 7
	}
	if wd == int(time.Sunday) {
		return -1
	}
	return (int(time.Saturday) - wd + 7) % 7
}

func setMonth(c *rules.Context, ref time.Time, offset int) {
	first := time.Date(ref.Year(), ref.Month()+time.Month(offset), 1, 0, 0, 0, 0, ref.Location())
	y, mo, d := first.Year(), int(first.Month()), 1
	c.Year, c.Month, c.Day = &y, &mo, &d
}

// "a few" comes before "a": the leftmost alternative wins, and "a few months" is three, not one.
var numberWordRe = lazyre.New(`(?i)\b(a few|` + en.INTEGER_WORDS_PATTERN[3:len(en.INTEGER_WORDS_PATTERN)-1] + `|[0-9]+|an?)\b`)

// monthOffsetRule resolves "in two months" and "three months ago" with year rollover.
func monthOffsetRule() rules.Rule {
	num := `(?:` + en.INTEGER_WORDS_PATTERN[3:len(en.INTEGER_WORDS_PATTERN)-1] + `|[0-9]+|an?|a\s+few)`
	return &rules.F{
		RegExp: regexp.MustCompile(`(?i)(?:\W|^)((?:in|within)\s+` + num + `\s+months?|` + num + `\s+months?\s+ago)(?:\W|$)`),
		Applier: func(m *rules.Match, c *rules.Context, _ *rules.Options, ref time.Time) (bool, error) {
			text := strings.ToLower(m.Text)
			n := 1
			switch w := numberWordRe.FindString(text); {
			case w == "a few":
				n = 3
			case en.INTEGER_WORDS[w] > 0:
				n = en.INTEGER_WORDS[w]
			default:
				if v, err := strconv.Atoi(w); err == nil {
					n = v
				}
			}
			if strings.HasSuffix(text, "ago") {
				n = -n
			}
			setMonth(c, ref, n)
			return true, nil
		},
	}
}

// yearLiteralRule resolves "since 2015", "in May 2020".
func yearLiteralRule() rules.Rule {
	return &rules.F{
		RegExp: regexp.MustCompile(`(?i)(?:\W|^)((?:(?:in|since|from|during|until|by)\s+)(?:` + monthNames + `\.?\s+)?(?:19|20)\d\d|` + monthNames + `\.?\s+(?:19|20)\d\d)(?:\W|$)`),
		Applier: func(m *rules.Match, c *rules.Context, _ *rules.Options, _ time.Time) (bool, error) {
			text := strings.ToLower(m.Text)
			y, err := strconv.Atoi(text[len(text)-4:])
			if err != nil {
				return false, nil
			}
			mo := 1
			if name := hasMonthRe.FindString(text); name != "" {
				mo = en.MONTH_OFFSET[name]
			}
			d := 1
			c.Year, c.Month, c.Day = &y, &mo, &d
			return true, nil
		},
	}
}

// coupleRule resolves "a couple of weeks ago", "in a couple of days", "several years ago",
// which the library does not know.
func coupleRule() rules.Rule {
	return &rules.F{
		RegExp: regexp.MustCompile(`(?i)(?:\W|^)((?:in\s+)?(?:a\s+couple\s+of|a\s+couple|couple\s+of|several)\s+(?:days|weeks|months|years)(?:\s+ago)?)(?:\W|$)`),
		Applier: func(m *rules.Match, c *rules.Context, _ *rules.Options, ref time.Time) (bool, error) {
			text := strings.ToLower(m.Text)
			n := 2
			if strings.Contains(text, "several") {
				n = 3
			}
			ago := strings.HasSuffix(text, "ago")
			if !ago && !strings.HasPrefix(text, "in") {
				return false, nil // "for a couple of weeks" is a duration, not a date
			}
			if ago {
				n = -n
			}
			switch {
			case strings.Contains(text, "day"):
				c.Duration = time.Duration(n) * 24 * time.Hour
			case strings.Contains(text, "week"):
				c.Duration = time.Duration(n) * 7 * 24 * time.Hour
			case strings.Contains(text, "month"):
				setMonth(c, ref, n)
			default:
				y := ref.Year() + n
				c.Year = &y
			}
			return true, nil
		},
	}
}

// partOfDayRule makes "this morning" mean today rather than nothing.
func partOfDayRule() rules.Rule {
	return &rules.F{
		RegExp:  regexp.MustCompile(`(?i)(?:\W|^)(this\s+(?:morning|afternoon|evening))(?:\W|$)`),
		Applier: func(*rules.Match, *rules.Context, *rules.Options, time.Time) (bool, error) { return true, nil },
	}
}

// validFrom is when a fact dated d, said at ref, began to hold. A fact holds from when it
// was said unless its date says when its state began: a day already past ("moved here in
// 2020"), one said with "since" or "from", a stated period ("from Dec 20 to Jan 3"), or a
// state said to begin later (pending: "I'm 40 next month"). Any other day still ahead
// dates an event the fact plans or names ("is training for a half marathon in April",
// "flight to Tokyo is on March 3rd"): the plan holds from when it was said, and the date
// stays in the text. Else a later change ("pulled out of the marathon") would read as
// older than the plan it ends, and end nothing.
func (d resolvedDate) validFrom(ref time.Time, pending bool) time.Time {
	if !d.at.After(ref) || pending || !d.to.IsZero() || d.prep == "since" || d.prep == "from" {
		return d.at
	}
	return ref
}
