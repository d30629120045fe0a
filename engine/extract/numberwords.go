package extract

import "strings"

// Number words past twelve ("fifteen", "twenty-five", "forty two") are as common in
// chat as digits; the date library's list stops at twelve. numberWord reads one to
// ninety-nine, so "twenty kilometers" and "20 km" are one amount.

// smallNumbers are the number words below twenty; tensNumbers the tens.
var (
	smallNumbers = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
		"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
		"fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
	tensNumbers = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
		"seventy": 70, "eighty": 80, "ninety": 90}
)

// numberWordPattern matches the number words numberWord reads; the longer words come
// first so "fourteen" is not read as "four".
const numberWordPattern = `(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine)\b)?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|eleven|twelve|one|two|three|four|five|six|seven|eight|nine|ten)`

// numberWord is the value of a number word from one to ninety-nine, or 0.
func numberWord(s string) int {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, ok := smallNumbers[s]; ok {
		return n
	}
	tens, unit, _ := strings.Cut(strings.ReplaceAll(s, "-", " "), " ")
	t, ok := tensNumbers[tens]
	if !ok {
		return 0
	}
	if unit == "" {
		return t
	}
	if u := smallNumbers[unit]; u > 0 && u < 10 {
		return t + u
	}
	return 0
}
