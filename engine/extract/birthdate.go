package extract

import (
	"slices"

	"github.com/memsvc/memsvc/text/lazyre"
)

// bornRe marks a birth: a day of the year said without its year ("born on 3
// March") recurs as a birthday does (recurringRe).
var bornRe = lazyre.New(`(?i)\bborn\b`)

// withYear returns the dates written with their year: a yearless one would
// resolve to a year the speaker did not say. It edits dates in place.
func withYear(dates []resolvedDate) []resolvedDate {
	return slices.DeleteFunc(dates, func(d resolvedDate) bool { return d.yearless })
}
