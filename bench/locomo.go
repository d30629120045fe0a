package bench

import (
	"encoding/json"
	"fmt"
	"strings"
)

// locomoTurn says where LoCoMo keeps a turn's words and its shared image's
// caption.
var locomoTurn = turnFields{text: []string{"text", "clean_text"}, caption: []string{"blip_caption", "caption"}}

// ParseLoCoMo reads LoCoMo JSON: an array of samples (a single sample
// object is accepted too), each {"sample_id", "conversation": {"speaker_a",
// "speaker_b", "session_N_date_time", "session_N": [{"speaker", "dia_id",
// "text", "blip_caption"?}]}, "qa": [{"question", "answer", "evidence",
// "category"}]}.
func ParseLoCoMo(b []byte) (*Dataset, error) {
	samples, err := objects(b)
	if err != nil {
		return nil, err
	}
	ds := &Dataset{Format: FormatLoCoMo, Conversations: make([]Conversation, len(samples))}
	for i, s := range samples {
		ds.Conversations[i].ID = s.str("sample_id", "id")
	}
	uniqueIDs(ds.Conversations)
	for i, s := range samples {
		c := &ds.Conversations[i]
		var conv object
		if err := json.Unmarshal(s["conversation"], &conv); err != nil || conv == nil {
			return nil, fmt.Errorf("sample %s: no conversation object", c.ID)
		}
		for _, k := range []string{"speaker_a", "speaker_b"} {
			if sp := conv.str(k); sp != "" {
				c.Speakers = append(c.Speakers, sp)
			}
		}
		if err := decodeSessions(conv, locomoTurn, c); err != nil {
			return nil, err
		}
		if err := decodeQuestions(s["qa"], c); err != nil {
			return nil, err
		}
	}
	return ds, nil
}

// objects reads a JSON array of objects, or one object as a list of one.
func objects(b []byte) ([]object, error) {
	trimmed := strings.TrimSpace(string(b))
	if strings.HasPrefix(trimmed, "{") {
		var o object
		if err := json.Unmarshal(b, &o); err != nil {
			return nil, fmt.Errorf("parse JSON object: %w", err)
		}
		return []object{o}, nil
	}
	var list []object
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("parse JSON array of conversations: %w", err)
	}
	return list, nil
}
