package bfd

import (
	"testing"
	"time"
)

// The state machine against a scripted peer: each step is a packet the peer sends at a
// time (ms from the start), or only the clock moving on; after it, the session's state,
// and what it sends.

const peerDisc = 0x0b0b0b0b

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// peerSays is a packet of the scripted peer: 100 ms x 3 once it is up, its Your
// Discriminator the session's (or 0 in state Down, as before it has heard us).
func peerSays(st State, yourDisc uint32, flags ...string) Control {
	c := Control{State: st, DetectMult: 3, MyDisc: peerDisc, YourDisc: yourDisc,
		DesiredMinTx: ms(100), RequiredMinRx: ms(100)}
	for _, f := range flags {
		switch f {
		case "P":
			c.Poll = true
		case "F":
			c.Final = true
		}
	}
	return c
}

type step struct {
	at        int      // ms from the start
	rx        *Control // nil: only advance the clock
	wantState State
	wantDiag  Diag
	wantFinal bool // the session answers at once with a Final
	wantPoll  *bool
}

func ptr[T any](v T) *T { return &v }

func runSteps(t *testing.T, s *Session, t0 time.Time, steps []step) {
	t.Helper()
	for i, st := range steps {
		now := t0.Add(ms(st.at))
		var reply *Control
		if st.rx != nil {
			reply = s.Receive(now, *st.rx)
		}
		s.Advance(now)
		if s.State() != st.wantState || s.Diag() != st.wantDiag {
			t.Fatalf("step %d (t=%d ms): state %s diag %s, want %s diag %s", i, st.at, s.State(), s.Diag(),
				st.wantState, st.wantDiag)
		}
		if (reply != nil && reply.Final) != st.wantFinal {
			t.Fatalf("step %d: Final reply %v, want %v", i, reply, st.wantFinal)
		}
		if reply != nil && reply.Poll {
			t.Fatalf("step %d: a Final with P set", i)
		}
		if st.wantPoll != nil && s.Polling() != *st.wantPoll {
			t.Fatalf("step %d: polling %v, want %v", i, s.Polling(), *st.wantPoll)
		}
	}
}

func zeroJitter() float64 { return 0 }

func TestSessionHandshakeAndDetection(t *testing.T) {
	t0 := time.Unix(1000, 0)
	s := NewSession(Timers{DesiredMinTx: ms(100), RequiredMinRx: ms(100), DetectMult: 3}, 7, t0, zeroJitter)
	down, initS, up := peerSays(Down, 0), peerSays(Init, 7), peerSays(Up, 7)
	runSteps(t, s, t0, []step{
		{at: 0, wantState: Down},
		// Three-way handshake: Down -> Init on the peer's Down, Up on its Init.
		{at: 10, rx: &down, wantState: Init},
		{at: 20, rx: &initS, wantState: Up, wantPoll: ptr(true)}, // the faster TX is polled
		{at: 30, rx: ptr(peerSays(Up, 7, "F")), wantState: Up, wantPoll: ptr(false)},
		// Packets keep it up; the detection time is 3 x max(100, 100) ms after the last.
		{at: 100, rx: &up, wantState: Up},
		{at: 399, wantState: Up},
		{at: 400, wantState: Down, wantDiag: DiagTimeExpired},
	})
	if s.RemoteDisc() != 0 {
		t.Fatalf("remote discriminator %#x kept after the detection time", s.RemoteDisc())
	}
	// Back up: Down, then a new handshake.
	runSteps(t, s, t0, []step{
		{at: 500, rx: &down, wantState: Init, wantDiag: DiagNone},
		{at: 510, rx: &up, wantState: Up},
		// The peer says Down: neighbor signaled session down.
		{at: 520, rx: &down, wantState: Down, wantDiag: DiagNeighborDown},
	})
}

func TestSessionIgnoresPeerStatesThatDoNotMove(t *testing.T) {
	t0 := time.Unix(1000, 0)
	s := NewSession(Timers{}, 7, t0, zeroJitter)
	runSteps(t, s, t0, []step{
		// Up from a peer we have not heard Down from: stay Down (section 6.8.6's table).
		{at: 1, rx: ptr(peerSays(Up, 7)), wantState: Down},
		{at: 2, rx: ptr(peerSays(Down, 0)), wantState: Init},
		// Down while Init: stay Init.
		{at: 3, rx: ptr(peerSays(Down, 7)), wantState: Init},
		{at: 4, rx: ptr(peerSays(Up, 7)), wantState: Up},
		{at: 5, rx: ptr(peerSays(Init, 7)), wantState: Up},
	})
}

func TestSessionAdminDown(t *testing.T) {
	t0 := time.Unix(1000, 0)
	s := NewSession(Timers{}, 7, t0, zeroJitter)
	runSteps(t, s, t0, []step{
		{at: 1, rx: ptr(peerSays(Down, 0)), wantState: Init},
		{at: 2, rx: ptr(peerSays(Up, 7)), wantState: Up},
		// The peer goes AdminDown: we go Down, diag 3 (a BGP session must not be torn down
		// for it: RFC 5882; that is the caller's to decide from RemoteState).
		{at: 3, rx: ptr(peerSays(AdminDown, 7)), wantState: Down, wantDiag: DiagNeighborDown},
	})
	if s.RemoteState() != AdminDown {
		t.Fatalf("remote state %s", s.RemoteState())
	}
	s.SetAdminDown()
	p := s.Advance(t0.Add(ms(3000)))
	if p == nil || p.State != AdminDown || p.Diag != DiagAdminDown {
		t.Fatalf("AdminDown packet: %+v", p)
	}
	// AdminDown ignores the peer until enabled.
	s.Receive(t0.Add(ms(3001)), peerSays(Down, 0))
	if s.State() != AdminDown {
		t.Fatalf("state %s", s.State())
	}
	s.Enable()
	s.Receive(t0.Add(ms(3002)), peerSays(Down, 0))
	if s.State() != Init {
		t.Fatalf("state %s after Enable", s.State())
	}
}

func TestSessionAnswersPollWithFinal(t *testing.T) {
	t0 := time.Unix(1000, 0)
	s := NewSession(Timers{}, 7, t0, zeroJitter)
	runSteps(t, s, t0, []step{
		{at: 1, rx: ptr(peerSays(Down, 0, "P")), wantState: Init, wantFinal: true},
		{at: 2, rx: ptr(peerSays(Up, 7)), wantState: Up},
		{at: 3, rx: ptr(peerSays(Up, 7, "P")), wantState: Up, wantFinal: true},
	})
}

// The intervals: slow (1 s) until Up, the configured ones after, polled; the transmission
// interval is the larger of ours and the peer's Required Min RX; the detection time the
// peer's multiplier times the larger of our Required Min RX and its Desired Min TX.
func TestSessionIntervals(t *testing.T) {
	t0 := time.Unix(1000, 0)
	s := NewSession(Timers{DesiredMinTx: ms(50), RequiredMinRx: ms(200), DetectMult: 5}, 7, t0, zeroJitter)
	p := s.Advance(t0)
	if p == nil || p.DesiredMinTx != SlowTx || p.RequiredMinRx != ms(200) || p.DetectMult != 5 || p.MyDisc != 7 {
		t.Fatalf("first packet %+v", p)
	}
	if s.Advance(t0.Add(ms(999))) != nil || s.Advance(t0.Add(ms(1000))) == nil {
		t.Fatal("not sent at 1 s intervals while down")
	}
	s.Receive(t0.Add(ms(1001)), peerSays(Down, 0))
	s.Receive(t0.Add(ms(1002)), peerSays(Up, 7))
	if s.State() != Up || !s.Polling() {
		t.Fatalf("state %s polling %v", s.State(), s.Polling())
	}
	// The peer requires 100 ms between packets: we send every 100 ms, not 50.
	if got := s.TxInterval(); got != ms(100) {
		t.Fatalf("tx interval %s, want 100ms", got)
	}
	// It sends every 100 ms but we accept no faster than 200: 3 x 200 ms.
	if got := s.DetectTime(); got != ms(600) {
		t.Fatalf("detect time %s, want 600ms", got)
	}
	// The packets say P until the peer's F.
	now := t0.Add(ms(1002))
	if p := s.Advance(now.Add(ms(100))); p == nil || !p.Poll || p.DesiredMinTx != ms(50) {
		t.Fatalf("packet during the poll: %+v", p)
	}
	s.Receive(now.Add(ms(150)), peerSays(Up, 7, "F"))
	if p := s.Advance(now.Add(ms(250))); p == nil || p.Poll {
		t.Fatalf("packet after the Final: %+v", p)
	}
	// Slower intervals wait for the Final while Up.
	s.SetTimers(Timers{DesiredMinTx: ms(500), RequiredMinRx: ms(50), DetectMult: 5})
	if !s.Polling() || s.TxInterval() != ms(100) || s.DetectTime() != ms(600) {
		t.Fatalf("before the Final: polling %v tx %s detect %s", s.Polling(), s.TxInterval(), s.DetectTime())
	}
	s.Receive(now.Add(ms(300)), peerSays(Up, 7, "F"))
	if s.Polling() || s.TxInterval() != ms(500) || s.DetectTime() != ms(300) {
		t.Fatalf("after the Final: polling %v tx %s detect %s", s.Polling(), s.TxInterval(), s.DetectTime())
	}
	// A peer with Required Min RX 0 gets no periodic packets.
	c := peerSays(Up, 7)
	c.RequiredMinRx = 0
	s.Receive(now.Add(ms(400)), c)
	if p := s.Advance(now.Add(ms(5000))); p != nil {
		t.Fatalf("sent %+v to a peer that wants none", p)
	}
}

func TestSessionJitter(t *testing.T) {
	t0 := time.Unix(1000, 0)
	for _, tc := range []struct {
		mult     uint8
		u        float64
		min, max time.Duration
	}{{3, 0, ms(1000), ms(1000)}, {3, 0.999, ms(750), ms(751)}, {1, 0, ms(900), ms(900)}, {1, 0.999, ms(750), ms(751)}} {
		s := NewSession(Timers{DetectMult: tc.mult}, 7, t0, func() float64 { return tc.u })
		s.Advance(t0)
		got := s.Next().Sub(t0)
		if got < tc.min || got > tc.max {
			t.Errorf("mult %d u %v: next in %s, want %s-%s", tc.mult, tc.u, got, tc.min, tc.max)
		}
	}
}
