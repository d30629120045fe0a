package extract

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// One fact is often typed in several spellings: "80 kilograms" and "80 kg", "fifteen
// miles" and "15 miles", "July 9th" and "July 9", "my birthday's on" and "my birthday is
// on". Each pair is one statement, and written one way they dedupe as one fact and fill
// one slot. oneSpelling writes the short, common form of each.

// measureRe finds an amount (digits or a number word) and a unit of measure written out.
// Only units with no other everyday sense are shortened: "pounds" is money too, and "a
// foot" alone is a body part.
var measureRe = lazyre.New(`(?i)\b(\d+(?:\.\d+)?|` + numberWordPattern +
	`)[ -](kilograms?|kilos|kgs|kilometers?|kilometres?|kms|centimeters?|centimetres?|feet|foot|ft|miles?|lbs|km|kg|cm)\b`)

// shortUnits are the common short forms of units written out.
var shortUnits = map[string]string{
	"kilogram": "kg", "kilograms": "kg", "kilos": "kg", "kgs": "kg",
	"kilometer": "km", "kilometers": "km", "kilometre": "km", "kilometres": "km", "kms": "km",
	"centimeter": "cm", "centimeters": "cm", "centimetre": "cm", "centimetres": "cm",
	"feet": "ft", "foot": "ft", "lbs": "lb",
}

// monthOrdinalRe is a day of a month with an ordinal ending: "July 9th", "March 3rd".
var monthOrdinalRe = lazyre.New(`(?i)\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.? (\d{1,2})(?:st|nd|rd|th)\b`)

// possessiveIsRe is "'s" after an owned noun and before a preposition or an article,
// where it can only be "is": "my birthday's on July 9", "our son's in college", "my
// dad's a nurse". A possessive is followed by what is owned, never by "on" or "a" —
// unless the word is the first part of a compound ("my wife's on-call schedule", "my
// brother's in-house lawyer"), so the word must end at a space or a stop.
var possessiveIsRe = lazyre.New(`(?i)\b((?:my|our|his|her|their|the) (?:\w+ )?\w+)['’]s (on|at|in|a|an|now|still|not)([\s.,!?;:]|$)`)

// weighPoundsRe is a weight in pounds: after "weigh", "pounds" can only be the unit of
// weight, not money ("I weigh 150 pounds" is "I weigh 150 lb").
var weighPoundsRe = lazyre.New(`(?i)\b(weigh(?:s|ed)?(?: about| around| roughly)?) (\d+(?:\.\d+)?) pounds\b`)

// amWeightRe is a weight said as what one is: "I'm 172 lb", "I am 80 kg" (after
// shortMeasure). A person is not an amount of kilograms, so it says what they weigh.
var amWeightRe = lazyre.New(`(?i)^(i|we)(?:'m|'re| am| are) (?:now |currently )?(\d+(?:\.\d+)?) (lb|kg)\b`)

// oneSpelling writes a clause's amounts, dates and contractions in one spelling.
func oneSpelling(clause string) string {
	clause = possessiveIsRe.ReplaceAllString(clause, "$1 is $2$3")
	clause = monthOrdinalRe.ReplaceAllString(clause, "$1 $2")
	clause = weighPoundsRe.ReplaceAllString(clause, "$1 $2 lb")
	clause = measureRe.ReplaceAllStringFunc(clause, shortMeasure)
	clause = adverbTypoRe.ReplaceAllStringFunc(clause, func(w string) string { return adverbTypos[strings.ToLower(w)] })
	return amWeightRe.ReplaceAllString(clause, "$1 weigh $2 $3")
}

// adverbTypos are chat's common slips in the adverbs said before a verb of change
// ("we finaly moved", "i jsut started"): misspelt, the adverb is read as the verb
// ("finalies moved") and the change is lost.
var adverbTypos = map[string]string{
	"finaly": "finally", "finnaly": "finally", "finnally": "finally", "fianlly": "finally",
	"recenty": "recently", "recentely": "recently", "recetly": "recently",
	"jsut": "just", "juts": "just", "actualy": "actually", "acutally": "actually",
	"allready": "already", "alredy": "already", "offically": "officially", "eventualy": "eventually",
}

// adverbTypoRe finds one of adverbTypos as a word.
var adverbTypoRe = lazyre.New(`(?i)\b(?:` + strings.Join(slices.Sorted(maps.Keys(adverbTypos)), "|") + `)\b`)

// shortMeasure writes one amount in digits and its unit in its short form.
func shortMeasure(m string) string {
	sub := measureRe.FindStringSubmatch(m)
	n, unit := sub[1], strings.ToLower(sub[2])
	if unit == "foot" && (n[0] < '0' || n[0] > '9') {
		return m // "one foot" is as often the body part as the length
	}
	if v := numberWord(n); v > 0 {
		n = strconv.Itoa(v)
	}
	if s, ok := shortUnits[unit]; ok {
		unit = s
	}
	return n + " " + unit
}
