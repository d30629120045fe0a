package bench

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// object is a JSON object whose fields are decoded on demand, so one field
// of an unexpected type spoils only itself, not the whole file.
type object map[string]json.RawMessage

// str returns the first of keys that holds a non-empty string (numbers are
// accepted as their text).
func (o object) str(keys ...string) string {
	for _, k := range keys {
		if s := scalarText(o[k]); s != "" {
			return s
		}
	}
	return ""
}

// scalarText is a JSON string's value, a number's or bool's text, and ""
// for null, objects and arrays.
func scalarText(b json.RawMessage) string {
	b = json.RawMessage(strings.TrimSpace(string(b)))
	if len(b) == 0 || string(b) == "null" || b[0] == '{' || b[0] == '[' {
		return ""
	}
	var s string
	if b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return ""
		}
		return strings.TrimSpace(s)
	}
	return string(b)
}

var sessionKey = regexp.MustCompile(`^session_(\d+)$`)

// turnFields names where a format keeps a turn's parts, in preference order.
type turnFields struct {
	text    []string
	caption []string
}

// decodeSessions reads every session_N array of obj (and its
// session_N_date_time) into c, ordered by N.
func decodeSessions(obj object, f turnFields, c *Conversation) error {
	for key, raw := range obj {
		m := sessionKey.FindStringSubmatch(key)
		if m == nil {
			continue
		}
		n, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		s := Session{Number: n}
		if when := obj.str(key + "_date_time"); when != "" {
			var ok bool
			if s.Time, ok = parseTime(when); !ok {
				c.UnparsedTimes++
			}
		}
		var turns []object
		if err := json.Unmarshal(raw, &turns); err != nil {
			return fmt.Errorf("conversation %s: %s: %w", c.ID, key, err)
		}
		for i, t := range turns {
			s.Turns = append(s.Turns, decodeTurn(t, f, s, i, c))
		}
		c.Sessions = append(c.Sessions, s)
	}
	sort.Slice(c.Sessions, func(i, j int) bool { return c.Sessions[i].Number < c.Sessions[j].Number })
	return nil
}

func decodeTurn(t object, f turnFields, s Session, i int, c *Conversation) Turn {
	turn := Turn{ID: t.str("dia_id", "id"), Speaker: t.str("speaker", "name"), Text: t.str(f.text...),
		Caption: t.str(f.caption...), Time: s.Time}
	if turn.ID == "" {
		// A turn without an id can never be evidence, but it is still part
		// of the conversation the engine has to search through.
		turn.ID = fmt.Sprintf("session_%d#%d", s.Number, i+1)
	}
	if when := t.str("date_time", "timestamp"); when != "" {
		if tt, ok := parseTime(when); ok {
			turn.Time = tt
		} else {
			c.UnparsedTimes++
		}
	}
	return turn
}

// decodeQuestions reads a qa array into c, resolving evidence against the
// conversation's turns.
func decodeQuestions(raw json.RawMessage, c *Conversation) error {
	if len(raw) == 0 {
		return nil
	}
	var qs []object
	if err := json.Unmarshal(raw, &qs); err != nil {
		return fmt.Errorf("conversation %s: qa: %w", c.ID, err)
	}
	res := newEvidenceResolver(c)
	for i, q := range qs {
		question := Question{Index: i, Text: q.str("question"), Answer: q.str("answer"),
			Category: category(q["category"]), RawEvidence: rawEvidence(q["evidence"])}
		question.Evidence = res.resolve(question.Text, question.RawEvidence)
		c.Questions = append(c.Questions, question)
	}
	return nil
}

// category reads a category given as a number or a numeric string; 0 when
// absent or not a number.
func category(b json.RawMessage) int {
	s := scalarText(b)
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return int(f)
	}
	return 0
}

// uniqueIDs makes conversation ids unique and non-empty, in place.
func uniqueIDs(convs []Conversation) {
	seen := map[string]int{}
	for i := range convs {
		id := convs[i].ID
		if id == "" {
			id = fmt.Sprintf("conversation-%d", i+1)
		}
		if n := seen[id]; n > 0 {
			seen[id]++
			id = fmt.Sprintf("%s-%d", id, n+1)
		}
		seen[id]++
		convs[i].ID = id
	}
}
