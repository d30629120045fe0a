package extract

import (
	"strings"
	"time"
)

// Dates that span: the end of a range comes after its start, and a date written without its
// year is put in the year nearest the message time.

// rangeJoints join the two ends of a range ("from Dec 20 to Jan 3", "May 3 - May 9").
var rangeJoints = set(`to through thru till until and - –`)

// orderRange records end as the end of a range starting at start, and moves a yearless end
// into the next year when it would come before the start: "from Dec 20 to Jan 3" ends in
// January of the year after.
func orderRange(clause string, start, end *resolvedDate) {
	between := strings.ToLower(strings.TrimSpace(clause[start.end:end.start]))
	if between != "" && !rangeJoints[between] || end.prep != "-" && end.prep != "until" && end.prep != "till" {
		return
	}
	for i := 0; i < 2 && end.yearless && end.at.Before(start.at); i++ {
		end.at = end.at.AddDate(1, 0, 0)
	}
	if !end.at.Before(start.at) {
		start.to = end.until()
	}
}

// nearestYear moves a date written without its year to the year that puts it nearest to ref:
// "Jan 3" said in late November is next January, "Oct 2" said then is this October.
func nearestYear(at, ref time.Time) time.Time {
	best := at
	for _, c := range []time.Time{at.AddDate(-1, 0, 0), at.AddDate(1, 0, 0)} {
		if c.Sub(ref).Abs() < best.Sub(ref).Abs() {
			best = c
		}
	}
	return best
}
