package extract

import (
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// How often a thing is done is said many ways: "twice a week", "2 times a week", "2x
// per week", "every day", "daily". frequencyOf reads each as one count per period, so
// "twice a week" and "every day" are two schedules of one habit and "twice a week" and
// "2 times a week" one.

// timesPerRe is a count of times in a period: "twice a week", "four times a month",
// "3x per week", "once every day". Group 1 is the count, 2 the period.
var timesPerRe = lazyre.New(`(?i)\b(once|twice|thrice|[a-z]+ times|\d+ ?(?:times|x))(?: (?:a|an|per|each|every))? (day|night|week|weekend|fortnight|month|year)\b`)

// everyPeriodRe is one time in each period: "every day", "every other week", "daily".
var everyPeriodRe = lazyre.New(`(?i)\b(?:(?:every|each) (other )?(day|night|morning|evening|week|weekend|fortnight|month|year)|(daily|nightly|weekly|fortnightly|monthly|yearly|annually))\b`)

// adverbPeriods are the periods of a frequency said as one adverb.
var adverbPeriods = map[string]string{"daily": "day", "nightly": "day", "weekly": "week",
	"fortnightly": "fortnight", "monthly": "month", "yearly": "year", "annually": "year"}

// onceWords are the counts said as one word without "times".
var onceWords = map[string]int{"once": 1, "twice": 2, "thrice": 3}

// frequencyOf is how often fact says a thing is done, as "count/period", or "" when it
// says no frequency. Mornings, evenings and nights are days.
func frequencyOf(fact string) string {
	if m := timesPerRe.FindStringSubmatch(fact); m != nil {
		n := timesCount(strings.ToLower(m[1]))
		if n > 0 {
			return strconv.Itoa(n) + "/" + dayPeriod(strings.ToLower(m[2]))
		}
	}
	m := everyPeriodRe.FindStringSubmatch(fact)
	switch {
	case m == nil:
		return ""
	case m[3] != "":
		return "1/" + adverbPeriods[strings.ToLower(m[3])]
	case m[1] != "":
		return "1/2" + dayPeriod(strings.ToLower(m[2])) // every other week
	}
	return "1/" + dayPeriod(strings.ToLower(m[2]))
}

// timesCount reads the count of "twice", "four times", "3x", or 0.
func timesCount(s string) int {
	if n, ok := onceWords[s]; ok {
		return n
	}
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(s, "times"), "x"))
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return numberWord(s)
}

// dayPeriod files the parts of a day under the day.
func dayPeriod(p string) string {
	switch p {
	case "night", "morning", "evening":
		return "day"
	}
	return p
}
