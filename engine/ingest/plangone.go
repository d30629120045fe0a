package ingest

import (
	"regexp"
	"strings"
)

// A plan given up ends the plan: "User is relocating to York in January" is no
// longer so once the user says "we are staying in Leeds after all", "I changed
// my mind about York", "I pulled out of the marathon" or "I'm not learning
// Italian anymore". None of these shares a slot or enough words with the plan
// for the slot and word rules to read a change, and the plan is no state the
// "stopped"/"quit" rules end.

// planRe finds a plan in a stored fact: something the holder is about to do,
// said with a verb of intent or a progressive of going somewhere or preparing.
var planRe = regexp.MustCompile(`(?i)\b(?:(?:is|are|was|were)\s+(?:planning|going|hoping|intending|about|aiming)\s+to|(?:plans|intends|hopes|aims)\s+to|(?:is|are)\s+(?:relocating|moving|emigrating|heading|training|preparing|applying|signed\s+up|registered|thinking\s+(?:of|about)|considering))\b`)

// moveRe finds a plan of moving house, which staying put "after all" gives up.
var moveRe = regexp.MustCompile(`(?i)\b(?:relocating|moving|emigrating)\s+(?:to|abroad|away|out)\b`)

// stayAfterAllRe: "is staying in Leeds after all", "is not moving after all".
var stayAfterAllRe = regexp.MustCompile(`(?i)\b(?:stay|stays|staying|remain|remains|remaining|not\s+(?:moving|relocating|going))\b.*\bafter\s+all\b`)

// givenUpRe finds what a fact says was given up: group 1 its object. "changed
// User's mind about York", "pulled out of the marathon", "called off the move".
var givenUpRe = regexp.MustCompile(`(?i)\b(?:changed\s+\S+\s+mind\s+(?:about|on)|(?:pulled|dropped|backed|opted)\s+out\s+of|(?:called|calling)\s+off|(?:cancell?ed|scrapped|shelved|abandoned)|gave\s+up\s+on)\s+(.+)`)

// noMoreRe marks a negated fact as an end: "not learning Italian anymore".
var noMoreRe = regexp.MustCompile(`(?i)\b(?:any\s?more|no\s+longer|after\s+all)\b`)

// givesUpPlan reports whether fact (negated or not) gives up the plan the
// stored text old (terms oldTerms) states.
func givesUpPlan(old, fact string, oldTerms map[string]bool, negated bool) bool {
	if !planRe.MatchString(old) || holder(old) != holder(fact) {
		return false
	}
	if m := givenUpRe.FindStringSubmatch(fact); m != nil {
		return sharedTerms(termSet(m[1]), oldTerms) > 0
	}
	if stayAfterAllRe.MatchString(fact) && moveRe.MatchString(old) {
		return true
	}
	// "User is not learning Italian anymore": every word of the fact is one the plan says.
	if !negated || !noMoreRe.MatchString(fact) {
		return false
	}
	said := termSet(noMoreRe.ReplaceAllString(fact, " "))
	return sharedTerms(said, oldTerms) > 0 && coverage(said, oldTerms) >= 1
}

// holder is the first word of a fact, whose it is: "User", "User's", a name.
func holder(fact string) string {
	h, _, _ := strings.Cut(strings.TrimSpace(fact), " ")
	return strings.ToLower(h)
}
