package bfd

import (
	"bytes"
	"errors"
	"testing"
	"time"
)

func TestControlRoundTrip(t *testing.T) {
	c := Control{Diag: DiagTimeExpired, State: Up, Poll: true, DetectMult: 3, MyDisc: 0x01020304,
		YourDisc: 0x05060708, DesiredMinTx: 100 * time.Millisecond, RequiredMinRx: 300 * time.Millisecond}
	b := c.Marshal()
	// Version 1, diag 1; state Up (3 << 6) with P (0x20); mult 3; length 24; the
	// discriminators; 100000 and 300000 microseconds; no echo.
	want := []byte{0x21, 0xe0, 3, 24, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0x01, 0x86, 0xa0, 0, 0x04, 0x93, 0xe0, 0, 0, 0, 0}
	if !bytes.Equal(b, want) {
		t.Fatalf("marshal:\n got % x\nwant % x", b, want)
	}
	got, err := Parse(b)
	if err != nil || got != c {
		t.Fatalf("parse: %+v %v, want %+v", got, err, c)
	}
}

func TestParseRejects(t *testing.T) {
	good := Control{State: Down, DetectMult: 3, MyDisc: 1}.Marshal()
	mod := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	for _, tc := range []struct {
		name string
		b    []byte
		want error
	}{
		{"short", good[:23], ErrShort},
		{"version 0", mod(func(b []byte) []byte { b[0] &= 0x1f; return b }), ErrVersion},
		{"length past the datagram", mod(func(b []byte) []byte { b[3] = 30; return b }), ErrLength},
		{"length under 24", mod(func(b []byte) []byte { b[3] = 20; return b }), ErrLength},
		{"authentication", mod(func(b []byte) []byte { b[1] |= flagAuth; return b }), ErrAuth},
		{"detect mult 0", mod(func(b []byte) []byte { b[2] = 0; return b }), ErrDetectMult},
		{"multipoint", mod(func(b []byte) []byte { b[1] |= flagMultipoint; return b }), ErrMultipoint},
		{"my discriminator 0", mod(func(b []byte) []byte { copy(b[4:8], []byte{0, 0, 0, 0}); return b }), ErrMyDisc},
		{"your discriminator 0 in Up", mod(func(b []byte) []byte { b[1] = byte(Up) << 6; return b }), ErrYourDisc},
		{"your discriminator 0 in Init", mod(func(b []byte) []byte { b[1] = byte(Init) << 6; return b }), ErrYourDisc},
	} {
		if _, err := Parse(tc.b); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	// Your Discriminator 0 is fine in Down and AdminDown; a longer datagram than the
	// length says is fine too.
	for _, st := range []State{Down, AdminDown} {
		if _, err := Parse(Control{State: st, DetectMult: 1, MyDisc: 9}.Marshal()); err != nil {
			t.Errorf("state %s: %v", st, err)
		}
	}
	if _, err := Parse(append(bytes.Clone(good), 0, 0)); err != nil {
		t.Errorf("padded: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(Control{State: Up, DetectMult: 3, MyDisc: 1, YourDisc: 2}.Marshal())
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := Parse(b)
		if err != nil {
			return
		}
		// What parses comes back the same (the flags Parse keeps).
		again, err := Parse(c.Marshal())
		if err != nil || again != c {
			t.Fatalf("%+v -> %+v %v", c, again, err)
		}
	})
}
