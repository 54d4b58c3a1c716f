#!/usr/bin/env python3
#
# Checks that no two blocks of a .grc flowgraph overlap on GNU Radio Companion's
# canvas: loads each file with GRC's own GUI classes, which size every block from
# its label, parameters, ports and comment as GRC draws them, and compares the
# blocks' extents. Needs GTK (gir1.2-gtk-3.0) and a display, e.g.
#
#   GRC_BLOCKS_PATH=grc xvfb-run -a /usr/bin/python3 scripts/check-grc-layout.py examples/*.grc
#
# Exit status 0 when no blocks overlap, 1 (with the pairs) when some do, 77 when
# GTK or a display is missing (qa_examples skips then).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import itertools
import sys


def main(paths):
    try:
        import gi
        gi.require_version("Gtk", "3.0")
        gi.require_version("PangoCairo", "1.0")
        from gi.repository import Gtk
        if not Gtk.init_check()[0]:
            raise RuntimeError("no display")
    except (ImportError, ValueError, RuntimeError) as e:
        print("SKIP: GTK is not usable here (%s)" % e)
        return 77
    from gnuradio import gr
    from gnuradio.grc.gui.Platform import Platform
    import gnuradio.grc.gui.canvas.flowgraph as canvas_flowgraph

    # the canvas' context menu needs GRC's main window: none here
    canvas_flowgraph._ContextMenu = lambda *args, **kwargs: None
    platform = Platform(version=gr.version(),
                        version_parts=(gr.major_version(), gr.api_version(),
                                       gr.minor_version()),
                        prefs=gr.prefs(), install_prefix=gr.prefix())
    platform.build_library()
    app = Gtk.Application(application_id="org.gnuradio.gpufec.layoutcheck")
    app.register(None)

    bad = 0
    for path in paths:
        flow_graph = platform.make_flow_graph()
        flow_graph.import_data(platform.parse_flow_graph(path))
        flow_graph.rewrite()
        flow_graph.validate()
        boxes = {}
        for block in flow_graph.blocks:
            block.create_labels()
            block.create_shapes()
            x0, y0, x1, y1 = block.get_extents()
            cx0, cy0, cx1, cy1 = block.get_extents_comment()
            if cx1 > cx0:  # a comment below the block
                x0, y0, x1, y1 = min(x0, cx0), min(y0, cy0), max(x1, cx1), max(y1, cy1)
            boxes[block.name] = (x0, y0, x1, y1)
        for (a, ba), (b, bb) in itertools.combinations(sorted(boxes.items()), 2):
            if ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]:
                print("%s: blocks %s %s and %s %s overlap" % (path, a, ba, b, bb))
                bad += 1
        print("%s: %d blocks" % (path, len(boxes)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
