package service_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// Benchmarks of one long conversation written in one request, as a chat
// import or an automation resending a long history sends it. turns/s is the
// figure to watch:
//
//	go test -run '^$' -bench LongConversation -benchtime 1x -count 3 ./engine/service/

// longConversation returns n alternating user/assistant turns of about
// words words each.
func longConversation(seed uint64, n, words int) []engine.Message {
	msgs := make([]engine.Message, n)
	for i := range msgs {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		ws := strings.Fields(longText(seed+uint64(i), words*8))
		if len(ws) > words {
			ws = ws[:words]
		}
		msgs[i] = engine.Message{Role: role, Content: strings.Join(ws, " ")}
	}
	return msgs
}

// BenchmarkAddLongConversation writes one conversation of n turns per op
// into a fresh store.
func BenchmarkAddLongConversation(b *testing.B) {
	for _, tc := range []struct{ turns, words int }{{100, 100}, {500, 100}} {
		b.Run(fmt.Sprintf("turns=%d/words=%d", tc.turns, tc.words), func(b *testing.B) {
			msgs := longConversation(1, tc.turns, tc.words)
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				b.StopTimer()
				eng, _ := openBench(b, false)
				b.StartTimer()
				_, err := eng.AddConversation(context.Background(), benchUser,
					engine.ConversationRequest{Messages: msgs, SessionID: fmt.Sprintf("s%d", i)})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(tc.turns*b.N)/b.Elapsed().Seconds(), "turns/s")
		})
	}
}

// BenchmarkAddLongChat writes a chat between two named people, n turns in
// one request (the request cap raised to fit), into a fresh store: a chat
// export imported whole. Every turn is an episode, so the cost of checking
// each against the request's other episodes shows in turns/s.
//
//	go test -run '^$' -bench AddLongChat -benchtime 1x -count 5 ./engine/service/
func BenchmarkAddLongChat(b *testing.B) {
	for _, turns := range []int{200, 2000} {
		b.Run(fmt.Sprintf("turns=%d", turns), func(b *testing.B) {
			msgs := longConversation(1, turns, 30)
			for i := range msgs {
				msgs[i].Role, msgs[i].Name = "user", []string{"Ann", "Ben"}[i%2]
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				b.StopTimer()
				eng, _ := openBenchConfig(b, false, engine.Config{MaxBatch: turns})
				b.StartTimer()
				_, err := eng.AddConversation(context.Background(), benchUser,
					engine.ConversationRequest{Messages: msgs, SessionID: fmt.Sprintf("s%d", i)})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(turns*b.N)/b.Elapsed().Seconds(), "turns/s")
		})
	}
}
