package llm

// Answer types: a question's wh-word says what kind of words its answer contains ("when" -> a time, "how
// many" -> a number). The built-in embedder gives a question a feature for the kind it asks for and a text a
// feature for each kind it contains, so among texts about the same subject the one that can answer ranks
// higher ("When did Tom sell his car?" prefers "Tom sold his car last May" to "Tom's car is red").

// answerKind is a kind of answer.
type answerKind int

const (
	kindNone answerKind = iota
	kindTime
	kindNumber
)

// asks returns the kinds of answer the text's questions ask for, as a bit set (1<<kind).
func asks(terms []term) uint {
	var set uint
	for i, t := range terms {
		next := ""
		if i+1 < len(terms) {
			next = terms[i+1].Word
		}
		switch t.Word {
		case "when":
			set |= 1 << kindTime
		case "what", "which":
			if timeNoun(next) {
				set |= 1 << kindTime
			}
		case "how":
			switch next {
			case "many", "much", "old", "far", "often":
				set |= 1 << kindNumber
			case "long":
				set |= 1<<kindNumber | 1<<kindTime
			}
		}
	}
	return set
}

// contains returns the kinds of answer the text contains, as a bit set (1<<kind).
func contains(terms []term) uint {
	var set uint
	for _, t := range terms {
		switch {
		case timeWord(t):
			set |= 1 << kindTime
		case numberWord(t.Word):
			set |= 1 << kindNumber
		}
	}
	return set
}

func timeNoun(w string) bool {
	switch w {
	case "year", "month", "day", "date", "time", "week", "season", "weekend", "night", "morning", "evening",
		"decade", "century", "hour":
		return true
	}
	return false
}

// timeWord reports whether t names or places a time: dates, weekdays, months, years, relative times.
func timeWord(t term) bool {
	switch t.Word {
	case "yesterday", "today", "tonight", "tomorrow", "ago", "recently", "lately", "earlier", "later",
		"last", "next", "previous", "since", "until", "monday", "tuesday", "wednesday", "thursday", "friday",
		"saturday", "sunday", "january", "february", "april", "june", "july", "august", "september",
		"october", "november", "december", "spring", "summer", "autumn", "winter", "weekend", "morning",
		"afternoon", "evening", "night", "week", "weeks", "month", "months", "year", "years", "birthday",
		"anniversary", "holiday", "holidays":
		return true
	case "may", "march": // months only when capitalised: "may" and "march" are common verbs
		return t.Capital
	}
	return isYear(t.Word)
}

// isYear reports whether w is a four-digit year 1900-2099.
func isYear(w string) bool {
	return len(w) == 4 && (w[:2] == "19" || w[:2] == "20") && isDigits(w)
}

func isDigits(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

func numberWord(w string) bool {
	if isDigits(w) {
		return true
	}
	switch w {
	case "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
		"fifteen", "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "million", "dozen", "half",
		"once", "twice", "several", "couple":
		return true
	}
	return false
}
