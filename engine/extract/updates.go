package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// An update is often given as a label and a list on one line: "Update: new phone number
// 727-555-0199, moved to Orlando, and I work at Disney now". The label says each item
// replaces what was said before, and each item is a statement of its own, most without
// a subject or a verb.

// newsLabel is a label of news about the speaker: "Update", "Some updates", "Big news".
// Before a colon it leads an update of something said before (updateLeadRe), and a list
// of changes (updateListLeadRe).
const newsLabel = `(?:a |some |a few |a couple of |quick |small |big |life |status )?(?:update|updates|news)`

// updateListLeadRe is a label of news, a sentence of its own, which a list of changes
// follows. A correction's label ("Typo:") is not one: "it's Grendel, not Grendle" is one
// statement.
var updateListLeadRe = lazyre.New(`(?i)^\s*` + newsLabel + `\s*:\s*$`)

// updateItemSepRe separates the items of an update's list.
var updateItemSepRe = lazyre.New(`\s*[,;]\s*(?:and\s+|also\s+|plus\s+)?`)

// newValueRe is an item that names a thing of the speaker's, new, and its value with no
// verb between: "new phone number 727-555-0199", "new address 48 Oak Ave". The value
// starts with a digit or a capital, or is an address; the thing has no preposition, so
// "new job at Costco" is not read as one.
var newValueRe = lazyre.New(`(?i)^new ([a-z]+(?: [a-z]+){0,2}?) ((?-i:[A-Z0-9+])\S*(?: \S+)*|\S+@\S+)$`)

// maxUpdateItemWords bounds an item of an update's list: a longer one is a story, not an item.
const maxUpdateItemWords = 8

// updateItems returns the statements of the sentence after an update's label. A list
// only splits when every item is short; otherwise the sentence is one statement.
func updateItems(s string) []string {
	items := updateItemSepRe.Split(strings.TrimRight(s, " .!"), -1)
	if len(items) < 2 || len(items) > 6 {
		return []string{s}
	}
	for i, it := range items {
		if len(strings.Fields(it)) > maxUpdateItemWords || len(strings.Fields(it)) == 0 {
			return []string{s}
		}
		if v := newValueRe.FindStringSubmatch(it); v != nil && !hasPreposition(v[1]) {
			it = "my new " + strings.ToLower(v[1]) + " is " + v[2]
		}
		items[i] = it
	}
	return items
}

// updateSentences replaces the sentence after an update's label ("Update:", a sentence
// of its own) by its items, and reports for each sentence returned whether it is one.
func updateSentences(sents []string) ([]string, []bool) {
	out, updated := make([]string, 0, len(sents)), make([]bool, 0, len(sents))
	for i, s := range sents {
		if i == 0 || !updateListLeadRe.MatchString(sents[i-1]) {
			out, updated = append(out, s), append(updated, false)
			continue
		}
		for _, it := range updateItems(s) {
			out, updated = append(out, it), append(updated, true)
		}
	}
	return out, updated
}

// hasPreposition reports whether any word of s is a preposition.
func hasPreposition(s string) bool {
	for _, w := range strings.Fields(s) {
		if isPreposition(w) {
			return true
		}
	}
	return false
}
