package ingest

import (
	"regexp"
	"strings"

	"github.com/memsvc/memsvc/engine/extract"
)

// Retold is a new fact told in the words of the stored fact it supersedes, when it
// only makes sense next to that fact: a replacement ("User got a used Tesla now",
// said after selling the Golf of "User drives a 2015 Golf") becomes "User drives a
// used Tesla now"; an event moved ("The wedding got moved to September") becomes the
// event of its holder ("User's sister Lena's wedding got moved to September"). slot is
// the new fact's own, as the extractor gave it (a replacement names the thing it
// replaces there). It returns the text, the candidate it supersedes and ok.
func Retold(fact string, slot *extract.Slot, cands []Candidate) (text, target string, ok bool) {
	if slot != nil && slot.Replaces != "" {
		if text, target, ok = replacementRetold(fact, slot, cands); ok {
			return text, target, ok
		}
	}
	return rescheduledRetold(fact, cands)
}

// replacementRetold tells what replaces a thing in the words of the stored fact that
// held it, as its value ("User drives a 2015 Golf") or as its means ("User is learning
// Spanish on Duolingo"). Only a fact of the same subject is read.
func replacementRetold(fact string, slot *extract.Slot, cands []Candidate) (text, target string, ok bool) {
	subject, thing, ok := extract.Acquired(fact)
	if !ok || extract.SubjectKey(subject) != extract.SubjectKey(slot.Subject) {
		return "", "", false
	}
	tail := " now"
	if strings.Contains(strings.ToLower(fact), " instead") {
		tail = " instead"
	}
	named := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(slot.Replaces) + `\b`)
	for _, c := range cands {
		held, _, _ := strings.Cut(strings.TrimRight(c.Text, ".!"), ", ") // "…on Duolingo, 200 day streak": the aside is no part of it
		rest, found := strings.CutPrefix(held, subject+" ")
		if !found || !named.MatchString(rest) {
			continue
		}
		if loc := meansOf(rest, named); loc != nil {
			return subject + " " + rest[:loc[0]] + " with " + thing + tail, c.ID, true
		}
		if verb, object := verbAndObject(rest); verb != "" && named.MatchString(object) {
			return subject + " " + verb + " " + thing + tail, c.ID, true
		}
	}
	return "", "", false
}

// meansRe is a thing named as the means or place of what is done, at the end of a
// clause: "… on Duolingo", "… with a tutor", "… using Anki".
var meansRe = regexp.MustCompile(`(?i)\s(?:on|with|using|via|through|at)\s+(?:the\s+|an?\s+|my\s+|\S+'s\s+)?(\S+(?:\s+\S+){0,2})$`)

// meansOf is where, in rest, the means named by named begins and ends; nil when rest
// does not end with it.
func meansOf(rest string, named *regexp.Regexp) []int {
	m := meansRe.FindStringSubmatchIndex(rest)
	if m == nil || !named.MatchString(rest[m[2]:m[3]]) {
		return nil
	}
	return m[:2]
}

// auxiliaries open a verb phrase whose verb comes after them.
var auxiliaries = map[string]bool{"is": true, "are": true, "was": true, "has": true, "have": true, "still": true, "now": true, "also": true}

// maxObjectWords bounds the object a replacement takes the place of: a longer rest says
// more than what is had ("rides a bike to work along the canal").
const maxObjectWords = 5

// verbAndObject splits a clause without its subject into its verb ("drives", "is
// driving", "has") and its object; "" when it has neither.
func verbAndObject(rest string) (verb, object string) {
	w := strings.Fields(rest)
	i := 0
	for i < len(w)-1 && auxiliaries[strings.ToLower(w[i])] && !(strings.EqualFold(w[i], "has") || strings.EqualFold(w[i], "have")) {
		i++
	}
	if i > 0 && !strings.HasSuffix(strings.ToLower(w[i]), "ing") {
		return "", "" // "is a nurse": no verb of having
	}
	if i+1 >= len(w) || len(w)-i-1 > maxObjectWords {
		return "", ""
	}
	return strings.Join(w[:i+1], " "), strings.Join(w[i+1:], " ")
}
