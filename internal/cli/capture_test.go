package cli

import (
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hvlb/internal/pb/fwdpb"
)

// Two frames of one UDP flow: 10.0.0.2:40000 -> 10.100.0.1:53 as received, and after the
// rewrite to the NF 10.1.0.11:53.
const (
	frameRx = "02000000000102000000000208004500002000000000401166670a0000020a6400019c400035000c000070696e67"
	frameTx = "02000000000102000000000208004500002000000000401166c00a0000020a01000b9c400035000c000070696e67"
)

func captureStatus(running bool, stopped string, pkts ...*fwdpb.CapturedPacket) *fwdpb.Response {
	return &fwdpb.Response{Body: &fwdpb.Response_CaptureStatus{CaptureStatus: &fwdpb.CaptureStatus{
		Id: 3, Running: running, Stopped: stopped, Taken: 2, SnapLen: 256, SkippedRate: 4,
		Filter: "udp client 10.0.0.2 vip 10.100.0.1:53", Packets: pkts}}}
}

// TestLocalCapture: hvlbctl --forwarder SOCKET capture starts the forwarder's capture with
// the flags' filter and bounds, reads until it has stopped, and writes its packets as
// pcapng that tcpdump reads (each packet's point in its comment); without -w it refuses.
func TestLocalCapture(t *testing.T) {
	f := startFakeFwd(t)
	rx, _ := hex.DecodeString(frameRx)
	tx, _ := hex.DecodeString(frameTx)
	f.replies = []*fwdpb.Response{
		captureStatus(true, ""),
		captureStatus(true, "", &fwdpb.CapturedPacket{TimeNs: 1_700_000_000_000_000_000, Worker: 0, Point: "rx", OrigLen: 46, Data: rx},
			&fwdpb.CapturedPacket{TimeNs: 1_700_000_000_000_001_000, Worker: 0, Point: "tx", OrigLen: 46, Data: tx}),
		captureStatus(false, "time"),
	}
	file := filepath.Join(t.TempDir(), "c.pcapng")
	code, out, errs := run(nil, "--forwarder", f.path, "capture", "--protocol", "udp", "--client", "10.0.0.2",
		"--vip", "10.100.0.1:53", "--duration", "2", "--count", "50", "--snap-len", "128", "--rate", "10", "-w", file, "--list")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	reqs := f.take()
	if len(reqs) != 3 || !strings.Contains(reqs[0], `"action":"start"`) || !strings.Contains(reqs[1], `"action":"read"`) {
		t.Fatalf("requests: %v", reqs)
	}
	for _, want := range []string{`"protocol":"udp"`, `"client":"10.0.0.2"`, `"vip":"10.100.0.1:53"`, `"max_packets":50`,
		`"duration_s":2`, `"snap_len":128`, `"rate_pps":10`} {
		if !strings.Contains(strings.ReplaceAll(reqs[0], " ", ""), want) {
			t.Errorf("start %s lacks %s", reqs[0], want)
		}
	}
	for _, want := range []string{"2 packets (udp client 10.0.0.2 vip 10.100.0.1:53)",
		"local: took 2, stopped by time; skipped: rate 4, ring full 0, past the count 0",
		"hvlb forwarder=local worker=0 point=rx len=46", "hvlb forwarder=local worker=0 point=tx len=46"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	b, err := os.ReadFile(file)
	if err != nil || !strings.Contains(string(b), "point=tx") {
		t.Fatalf("the file: %v", err)
	}
	if _, err := exec.LookPath("tcpdump"); err == nil {
		td, err := exec.Command("tcpdump", "-r", file, "-nn").CombinedOutput()
		if err != nil || !strings.Contains(string(td), "10.0.0.2.40000 > 10.100.0.1.53: ") ||
			!strings.Contains(string(td), "10.0.0.2.40000 > 10.1.0.11.53: ") {
			t.Errorf("tcpdump: %v: %s", err, td)
		}
	}

	f.replies = []*fwdpb.Response{{Status: 22, Error: "capture.max_packets: 200000 is out of range 1 to 100000"}}
	code, _, errs = run(nil, "--forwarder", f.path, "capture", "--client", "10.0.0.2", "--count", "200000", "-w", file)
	if code != 1 || !strings.Contains(errs, "capture.max_packets") {
		t.Errorf("a refusal: exit %d: %s", code, errs)
	}
	f.take()
	code, _, errs = run(nil, "--forwarder", f.path, "capture", "--client", "10.0.0.2")
	if code != 2 || !strings.Contains(errs, "-w FILE") {
		t.Errorf("without -w: exit %d: %s", code, errs)
	}
	if reqs := f.take(); len(reqs) != 0 {
		t.Errorf("without -w, asked %v", reqs)
	}
}
