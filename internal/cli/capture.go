package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdquery"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/pcapng"
)

// capture: the packets of one flow or one drop reason, taken by the forwarders' workers,
// written as pcapng (docs/operations.md, "Capturing packets"): through the controller
// (POST /v1/capture, every forwarder of the pool), or with --forwarder SOCKET from one
// forwarder's local API, the same start, read and stop.

type captureFlags struct {
	req   apitypes.CaptureRequest
	write *string
	list  *bool
}

func captureFlagSet(cl *cmdline, pool bool) *captureFlags {
	f := &captureFlags{}
	cl.fs.StringVar(&f.req.Protocol, "protocol", "", "only tcp, udp or sctp")
	cl.fs.StringVar(&f.req.Client, "client", "", "the flow's client: ADDR or ADDR:PORT")
	cl.fs.StringVar(&f.req.VIP, "vip", "", "the flow's VIP: ADDR or ADDR:PORT")
	cl.fs.StringVar(&f.req.DropReason, "drop-reason", "", "instead of a flow: the packets dropped under this reason (docs/drops.md)")
	if pool {
		cl.fs.StringVar(&f.req.Forwarder, "forwarder", "", "only this forwarder (its ID)")
	}
	u32 := func(p *uint32, name string, usage string) {
		cl.fs.Func(name, usage, func(s string) error {
			var v uint32
			if _, err := fmt.Sscan(s, &v); err != nil {
				return fmt.Errorf("not a number: %q", s)
			}
			*p = v
			return nil
		})
	}
	u32(&f.req.MaxPackets, "count", "stop after this many packets in all (0: 1000)")
	u32(&f.req.DurationS, "duration", "stop after this many seconds (0: 10)")
	u32(&f.req.SnapLen, "snap-len", "bytes kept of each packet (0: 256)")
	u32(&f.req.RatePPS, "rate", "packets a second taken at most, per forwarder (0: 1000)")
	f.write = cl.fs.String("w", "", "write the packets as pcapng to FILE (- : standard output)")
	f.list = cl.fs.Bool("list", false, "also list the packets (time, forwarder, worker, point, length)")
	return f
}

func capture(e *env, cl *cmdline) error {
	f := captureFlagSet(cl, true)
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if err := f.check(e); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	dur := time.Duration(max(f.req.DurationS, 10)) * time.Second
	c.http.Timeout = max(c.http.Timeout, dur+30*time.Second)
	_, b, err := c.do(http.MethodPost, "/v1/capture", f.req)
	if err != nil {
		return err
	}
	var res apitypes.CaptureResult
	if err := json.Unmarshal(b, &res); err != nil {
		return fmt.Errorf("POST /v1/capture: the reply is not what docs/api.md describes: %w", err)
	}
	return f.output(e, res)
}

// localCapture: the same through one forwarder's local API.
func localCapture(e *env, cl *cmdline) error {
	f := captureFlagSet(cl, false)
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if err := f.check(e); err != nil {
		return err
	}
	dur := time.Duration(max(f.req.DurationS, 10)) * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), dur+30*time.Second)
	defer cancel()
	c := fwdclient.New(e.g.fwdSocket)
	defer c.Close()
	res, err := fwdquery.Capture(ctx, localAsker{c}, []string{"local"}, f.req)
	var fr *fwdquery.ForwarderRefusal
	if errors.As(err, &fr) {
		return errors.New(fr.Message)
	}
	if err != nil {
		return err
	}
	if len(res.Errors) > 0 {
		return fmt.Errorf("the forwarder: %s", res.Errors[0].Error)
	}
	return f.output(e, res)
}

// localAsker puts a capture's requests to one forwarder's socket, its refusals as the
// pool's (a Response with its status).
type localAsker struct{ c *fwdclient.Client }

func (a localAsker) Ask(ctx context.Context, _ string, req *fwdpb.Request) (*fwdpb.Response, error) {
	resp, err := a.c.Do(ctx, req)
	var fe *fwdclient.Error
	if errors.As(err, &fe) {
		return &fwdpb.Response{Status: int32(fe.Status), Error: fe.Message}, nil
	}
	return resp, err
}

func (f *captureFlags) check(e *env) error {
	if *f.write == "" && !e.json() {
		return &usageError{"-w FILE is needed (- : standard output), or -o json"}
	}
	return nil
}

// output writes the packets as pcapng to -w, and says what each forwarder took on the
// error stream (standard output with -w FILE), or prints the JSON with -o json.
func (f *captureFlags) output(e *env, res apitypes.CaptureResult) error {
	if e.json() && *f.write == "" {
		b, err := json.Marshal(res)
		if err != nil {
			return err
		}
		return printJSON(e.stdout, b)
	}
	var w io.Writer = e.stdout
	say := e.stdout
	if *f.write == "-" {
		say = e.stderr
	} else {
		file, err := os.Create(*f.write)
		if err != nil {
			return err
		}
		defer file.Close()
		w = file
	}
	bw := bufio.NewWriter(w)
	var ifaces []string
	for _, fw := range res.Forwarders {
		ifaces = append(ifaces, fw.Forwarder)
	}
	pw, err := pcapng.NewWriter(bw, max(res.SnapLen, uint32(pcapSnapMin)), ifaces...)
	if err != nil {
		return err
	}
	for _, p := range res.Packets {
		if err := pw.Write(pcapng.Packet{Interface: p.Forwarder, TimeNS: p.TimeNS, OrigLen: p.OrigLen,
			Data: p.Data, Comment: packetComment(p)}); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if *f.list {
		for _, p := range res.Packets {
			fmt.Fprintf(say, "%s %s\n", time.Unix(0, int64(p.TimeNS)).UTC().Format("15:04:05.000000"), packetComment(p))
		}
	}
	fmt.Fprintf(say, "%d packets (%s)\n", len(res.Packets), res.Filter)
	for _, fw := range res.Forwarders {
		fmt.Fprintf(say, "  %s: took %d, stopped by %s; skipped: rate %d, ring full %d, past the count %d\n",
			fw.Forwarder, fw.Taken, fw.Stopped, fw.SkippedRate, fw.SkippedFull, fw.SkippedBudget)
	}
	if res.SkippedPool > 0 {
		fmt.Fprintf(say, "  %d more past the pool's count, not kept\n", res.SkippedPool)
	}
	for _, fe := range res.Errors {
		fmt.Fprintf(say, "  forwarder %s not captured: %s\n", fe.Forwarder, fe.Error)
	}
	return nil
}

// pcapSnapMin: the snap length the file declares when the forwarders said none (no packet).
const pcapSnapMin = 256

// packetComment says where a packet was taken: each pcapng packet's comment.
func packetComment(p apitypes.CapturedPacket) string {
	s := fmt.Sprintf("hvlb forwarder=%s worker=%d point=%s", p.Forwarder, p.Worker, p.Point)
	if p.DropReason != "" {
		s += " drop_reason=" + p.DropReason
	}
	return fmt.Sprintf("%s len=%d", s, p.OrigLen)
}
