package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/olebedev/when/rules"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Seasons as dates. "Joss moved to Derby in the spring" says when the move happened, not
// where Joss lives: the season is a date like "in March", resolved against the message
// time into the fact's ValidFrom, and written as one ("since spring 2025"). A season
// is read as the northern meteorological one, three whole months from its first.

// seasonStarts is the first month of each season.
var seasonStarts = map[string]time.Month{
	"spring": time.March, "summer": time.June, "autumn": time.September, "fall": time.September, "winter": time.December,
}

// seasonPhrase is a season said as a date: after "in", "during" or "over" (with or
// without "the"), or after "last", "this" or "next". A bare season ("spring is my
// favourite") or "the fall" with no lead-in ("after the fall") is no date.
const seasonPhrase = `(?:(?:in|during|over)\s+(?:the\s+)?|(?:last|this|next|past|coming)\s+)(?:spring|summer|autumn|fall|winter)`

var (
	seasonCueRe   = lazyre.New(`(?i)\b` + seasonPhrase + `\b`)
	seasonWordRe  = lazyre.New(`\b(?:spring|summer|autumn|fall|winter)$`)
	seasonDeictic = lazyre.New(`\b(?:last|this|next|past|coming)\s+\S+$`)
)

// hasSeasonCue reports a season said as a date, which hasDateCue's word list lacks.
func hasSeasonCue(s string) bool { return seasonCueRe.MatchString(s) }

// seasonRule resolves "in the spring", "last summer", "next winter" to the first day of
// the season meant: "last" the one before the season of the message, "next" the one
// after it, "this" the one of the message's year, and a plain "in the spring" the latest
// that has begun, which adjustSeason moves ahead for a clause about the future.
func seasonRule() rules.Rule {
	return &rules.F{
		RegExp: regexp.MustCompile(`(?i)(?:\W|^)(` + seasonPhrase + `)(?:\W|$)`),
		Applier: func(m *rules.Match, c *rules.Context, _ *rules.Options, ref time.Time) (bool, error) {
			f := strings.Fields(strings.ToLower(m.Text))
			at := seasonStart(f[len(f)-1], f[0], ref)
			y, mo, d := at.Year(), int(at.Month()), 1
			c.Year, c.Month, c.Day = &y, &mo, &d
			return true, nil
		},
	}
}

// seasonStart is the first day of the season named by season and its lead word lead,
// said at ref.
func seasonStart(season, lead string, ref time.Time) time.Time {
	begun := latestSeasonStart(seasonStarts[season], ref)
	within := ref.Before(begun.AddDate(0, 3, 0))
	switch lead {
	case "last", "past":
		if within {
			return begun.AddDate(-1, 0, 0)
		}
		return begun
	case "next", "coming":
		return begun.AddDate(1, 0, 0)
	case "this":
		if within || begun.Year() == ref.Year() && begun.Month() != time.December {
			return begun
		}
		return begun.AddDate(1, 0, 0)
	}
	return begun
}

// latestSeasonStart is the latest first day of a season starting in month first that is
// not after ref.
func latestSeasonStart(first time.Month, ref time.Time) time.Time {
	at := time.Date(ref.Year(), first, 1, 0, 0, 0, 0, ref.Location())
	if at.After(ref) {
		at = at.AddDate(-1, 0, 0)
	}
	return at
}

// seasonMoveRe is a move of the subject itself to somewhere: "moved to Derby", "relocated back to".
var seasonMoveRe = lazyre.New(`(?i)\b(?:moved|relocated)\s+(?:back\s+)?to\b`)

// seasonDates reports a clause whose plain season ("in the spring") is read as a date: a
// move of its subject, not yet to come, whose time belongs to the new home's window. A
// present habit's season recurs ("I go hiking in the spring"), and a decision made in a
// season ("ported the CLI over the summer") keeps it as said: such a decision holds on,
// and a date in it would make it a one-off event.
func seasonDates(clause string, t tense) bool {
	return t != tensePresent && seasonMoveRe.MatchString(clause)
}

// isSeasonPhrase reports a date phrase that names a season.
func isSeasonPhrase(p string) bool { return seasonWordRe.MatchString(p) }

// plainSeason reports a season said without "last", "this" or "next": "in the spring".
func plainSeason(p string) bool { return isSeasonPhrase(p) && !seasonDeictic.MatchString(p) }

// adjustSeason moves a plain season ahead when the clause speaks of the future ("we'll
// move in the spring", said in October, is next spring), unless the season is under way.
func adjustSeason(at, ref time.Time, phrase string, t tense) time.Time {
	if t == tenseFuture && plainSeason(phrase) && !ref.Before(at.AddDate(0, 3, 0)) {
		return at.AddDate(1, 0, 0)
	}
	return at
}

// seasonName renders the season a date at starts, with the year it starts in: "spring 2025".
func seasonName(at time.Time) string {
	for name, m := range seasonStarts {
		if m == at.Month() && name != "fall" {
			return name + " " + at.Format("2006")
		}
	}
	return at.Format("January 2006")
}
