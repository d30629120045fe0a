package extract

import "strings"

// A school named two ways. "My kids go to Oakfield Primary" and "the kids' school is now
// Hillcrest Academy" say where one pupil studies: going to a place named as a school, and
// the school of its owner, are one slot, the studies_at of the pupil, so the second ends
// the first.

// schoolHeads are the last words of a place's name that make it a school.
var schoolHeads = set(`school primary academy college elementary kindergarten nursery preschool montessori university`)

// attendedSchool reads a slot that names where its subject goes to school as the subject's
// studies_at; any other slot is returned as it is.
func attendedSchool(s Slot) Slot {
	if v, ok := strings.CutPrefix(s.Value, "to "); ok && (s.Predicate == "go" || s.Predicate == "goes") && schoolName(v) {
		return Slot{Subject: s.Subject, Predicate: "studies_at", Value: v}
	}
	if s.Predicate != PredicateIdentity && s.Predicate != "is" {
		return s
	}
	for _, tail := range []string{"'s school", "' school", " school"} {
		if owner, ok := strings.CutSuffix(s.Subject, tail); ok && owner != "" {
			return Slot{Subject: owner, Predicate: "studies_at", Value: s.Value}
		}
	}
	return s
}

// schoolName reports a place's name that ends in a word for a school: "oakfield primary".
func schoolName(v string) bool {
	f := strings.Fields(v)
	return len(f) > 1 && schoolHeads[f[len(f)-1]]
}
