package cli

import (
	"fmt"
	"slices"

	"hvlb/internal/apitypes"
	"hvlb/internal/fwdquery"
	"hvlb/internal/pb/fwdpb"
)

// The local API's connection listing (its filters applied by the forwarder) and flow trace:
// conns and trace for one forwarder without a controller (docs/cli.md).

func localConns(e *env, cl *cmdline) error {
	limit := cl.fs.Uint("limit", 1000, "connections per page")
	cursor := cl.fs.Uint64("cursor", 0, "the page to start at (a previous page's next cursor)")
	all := cl.fs.Bool("all", false, "fetch every page")
	vs := cl.fs.String("vs", "", "only this service's: `PROTO/VIP:PORT`, e.g. tcp/10.100.0.1:80")
	vip := cl.fs.String("vip", "", "only connections to VIP or VIP:PORT")
	real := cl.fs.String("real", "", "only connections to this NF: ADDR or ADDR:PORT")
	client := cl.fs.String("client", "", "only connections from ADDR, ADDR/LEN or ADDR:PORT")
	state := cl.fs.String("state", "", "only connections in this state (established, syn_recv, udp...)")
	proto := cl.fs.String("protocol", "", "only tcp or udp")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	svc, err := vsFlag(*vs)
	if err != nil {
		return err
	}
	c, ctx, cancel := e.fwd()
	defer cancel()
	defer c.Close()
	lim := uint32(min(*limit, 1<<32-1))
	var conns []*fwdpb.Connection
	var next uint64

	m := &fwdpb.ListConnections{Cursor: *cursor, Limit: lim, Service: svc, Vip: *vip, Real: *real,
		Client: *client, State: *state, Protocol: *proto}
	for {
		l, err := c.ListConnectionsWith(ctx, m)
		if err != nil {
			return err
		}
		conns, next = append(conns, l.GetConnections()...), l.GetNextCursor()
		if !*all || next == 0 {
			break
		}
		m.Cursor = next
	}
	if e.json() {
		return e.printProto(&fwdpb.ConnectionList{Connections: conns, NextCursor: next})
	}
	rows := [][]string{{"WORKER", "PROTO", "CLIENT", "VIP", "LOCAL", "REAL", "STATE", "AGE", "EXPIRES", "PACKETS",
		"BYTES"}}
	// A vxlan connection's tenant and client VTEP (its REAL is the NF's VTEP): two more
	// columns, only when one is listed.
	overlay := slices.ContainsFunc(conns, func(x *fwdpb.Connection) bool { return x.Vni != 0 })
	if overlay {
		rows[0] = append(rows[0], "VNI", "CLIENT VTEP")
	}
	// A SYN proxy's connection: waiting (its NF has not answered the proxy's SYN) or
	// translated; a column only when one is listed, as the overlay's.
	proxied := slices.ContainsFunc(conns, func(x *fwdpb.Connection) bool { return x.Synproxy != "" })
	if proxied {
		rows[0] = append(rows[0], "SYNPROXY")
	}
	for _, x := range conns {
		row := []string{u64(uint64(x.Worker)), x.Protocol, x.Client, x.Vip, firstOf(x.Local, "-"),
			x.Real, x.State,
			u64(uint64(x.AgeS)), u64(uint64(x.ExpiresInS)), u64(x.PacketsIn) + "/" + u64(x.PacketsOut),
			u64(x.BytesIn) + "/" + u64(x.BytesOut)}
		if overlay {
			row = append(row, u64(uint64(x.Vni)), dash(x.ClientVtep))
		}
		if proxied {
			row = append(row, dash(x.Synproxy))
		}
		rows = append(rows, row)
	}
	if err := printRows(e.stdout, rows); err != nil {
		return err
	}
	if next != 0 {
		fmt.Fprintf(e.stderr, "(more: --cursor %d)\n", next)
	}
	return nil
}

func localTrace(e *env, cl *cmdline) error {
	if err := cl.parse(3, 3); err != nil {
		return err
	}
	proto := cl.pos[0]
	if proto != "tcp" && proto != "udp" {
		return &usageError{fmt.Sprintf("protocol %q: tcp or udp", proto)}
	}
	client, err := parseAddrPort("client", cl.pos[1])
	if err != nil {
		return err
	}
	vip, err := parseAddrPort("VIP", cl.pos[2])
	if err != nil {
		return err
	}
	resp, err := e.localDo(&fwdpb.Request{Op: &fwdpb.Request_TraceFlow{TraceFlow: &fwdpb.TraceFlow{
		Protocol: proto, Client: client.String(), Vip: vip.String()}}})
	if err != nil {
		return err
	}
	if e.json() {
		return e.printProto(resp.GetFlowTrace())
	}
	t := fwdquery.TraceOf("this forwarder", resp.GetFlowTrace())
	traceView(e.stdout, apitypes.FlowTraces{Protocol: proto, Client: client.String(), VIP: vip.String(),
		Forwarders: []apitypes.FlowTrace{t}})
	return nil
}
