package pcapng

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// An Ethernet + IPv4 + UDP frame 10.0.0.2:1000 -> 10.100.0.1:53 with 4 bytes of payload.
func udpFrame() []byte {
	b := make([]byte, 14+20+8+4)
	copy(b[0:6], []byte{2, 0, 0, 0, 0, 1})
	copy(b[6:12], []byte{2, 0, 0, 0, 0, 2})
	binary.BigEndian.PutUint16(b[12:], 0x0800)
	ip := b[14:]
	ip[0], ip[8], ip[9] = 0x45, 64, 17
	binary.BigEndian.PutUint16(ip[2:], 32)
	copy(ip[12:16], []byte{10, 0, 0, 2})
	copy(ip[16:20], []byte{10, 100, 0, 1})
	var sum uint32
	for i := 0; i < 20; i += 2 {
		sum += uint32(binary.BigEndian.Uint16(ip[i:]))
	}
	for sum > 0xffff {
		sum = sum&0xffff + sum>>16
	}
	binary.BigEndian.PutUint16(ip[10:], ^uint16(sum))
	udp := ip[20:]
	binary.BigEndian.PutUint16(udp[0:], 1000)
	binary.BigEndian.PutUint16(udp[2:], 53)
	binary.BigEndian.PutUint16(udp[4:], 12)
	copy(udp[8:], "ping")
	return b
}

// The blocks' framing: every block's two lengths agree and are a multiple of 4; the
// interfaces come before their packets; a packet's comment is kept.
func TestLayout(t *testing.T) {
	var buf bytes.Buffer
	w, err := NewWriter(&buf, 256, "fwd-1")
	if err != nil {
		t.Fatal(err)
	}
	f := udpFrame()
	for i, iface := range []string{"fwd-1", "fwd-2", "fwd-1"} {
		if err := w.Write(Packet{Interface: iface, TimeNS: uint64(i) * 1000, OrigLen: uint32(len(f)), Data: f,
			Comment: "hvlb point=rx"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Write(Packet{Interface: "x", OrigLen: 1, Data: f}); err == nil {
		t.Fatal("a packet longer than its original length was written")
	}
	b := buf.Bytes()
	var types []uint32
	for off := 0; off < len(b); {
		typ, n := binary.LittleEndian.Uint32(b[off:]), int(binary.LittleEndian.Uint32(b[off+4:]))
		if n%4 != 0 || off+n > len(b) || int(binary.LittleEndian.Uint32(b[off+n-4:])) != n {
			t.Fatalf("block at %d: bad length %d", off, n)
		}
		types = append(types, typ)
		off += n
	}
	want := []uint32{blockSHB, blockIDB, blockEPB, blockIDB, blockEPB, blockEPB}
	if len(types) != len(want) {
		t.Fatalf("blocks %x, want %x", types, want)
	}
	for i := range want {
		if types[i] != want[i] {
			t.Fatalf("blocks %x, want %x", types, want)
		}
	}
	if !bytes.Contains(b, []byte("hvlb point=rx")) {
		t.Fatal("no comment")
	}
}

// tcpdump reads what the Writer writes, also an empty capture.
func TestTcpdumpReads(t *testing.T) {
	if _, err := exec.LookPath("tcpdump"); err != nil {
		t.Skip("tcpdump is not installed (scripts/deps.sh installs it)")
	}
	for _, n := range []int{0, 2} {
		path := filepath.Join(t.TempDir(), "c.pcapng")
		fh, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w, err := NewWriter(fh, 256)
		if err != nil {
			t.Fatal(err)
		}
		f := udpFrame()
		for i := 0; i < n; i++ {
			if err := w.Write(Packet{Interface: "fwd-1", TimeNS: 1_700_000_000_123_456_789, OrigLen: uint32(len(f)) + 100,
				Data: f, Comment: "hvlb point=tx"}); err != nil {
				t.Fatal(err)
			}
		}
		fh.Close()
		out, err := exec.Command("tcpdump", "-r", path, "-nn", "-tt").CombinedOutput()
		if err != nil {
			t.Fatalf("%d packets: tcpdump: %v: %s", n, err, out)
		}
		if got := strings.Count(string(out), "10.0.0.2.1000 > 10.100.0.1.53"); got != n {
			t.Fatalf("%d packets: tcpdump shows %d: %s", n, got, out)
		}
		if n > 0 && !strings.Contains(string(out), "1700000000.123456") {
			t.Fatalf("the time stamp is not the packet's: %s", out)
		}
	}
}
