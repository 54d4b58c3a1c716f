#!/usr/bin/python3
# Screenshots of the example flowgraphs as GNU Radio Companion draws them: loads
# GRC's own platform (with this checkout's grc/ block files) and each
# examples/*.grc, and draws it into a PNG as GRC's screen capture does
# (gnuradio.grc.gui.Utils.make_screenshot, File > Screen Capture; wider margins):
# docs/figures/grc_<name>.png. Also GRC's block list with the [GPU FEC] category
# open (grc_block_tree.png) and the properties dialog of a new GPU LDPC Decoder
# (grc_decoder_properties.png), GRC's own widgets. Needs a display: run it through
# scripts/grc-screenshots.sh, which starts Xvfb.
#   /usr/bin/python3 scripts/grc-screenshots.py [--out DIR] [--scale S] [GRC...]
# The gpufec Python module is not needed to draw; where `from gnuradio import
# gpufec` fails, GRC may draw a parameter that evaluates it in red (the script
# warns). PYTHONPATH=build/python gives it.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import glob
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("grc", nargs="*", help="flowgraphs (default: examples/*.grc)")
    p.add_argument("--out", default=os.path.join(ROOT, "docs", "figures"),
                   help="output folder (default docs/figures)")
    p.add_argument("--scale", type=float, default=1.0,
                   help="zoom factor of the drawing (default 1.0, GRC's 100%%)")
    p.add_argument("--no-widgets", action="store_true",
                   help="only the flowgraphs: no block list nor properties dialog")
    p.add_argument("--colors", type=int, default=256,
                   help="quantize the PNG to this many colours with Pillow where it "
                        "is installed (0 keeps full colour; default 256)")
    return p.parse_args()


def main():
    args = parse_args()
    # our block files first, before any installed copy of them; GRC's settings in
    # a scratch file so that the user's ~/.gnuradio/grc.conf is neither read nor
    # written (hidden variables, block ids shown and the like stay at defaults)
    blocks = os.path.join(ROOT, "grc")
    old = os.environ.get("GRC_BLOCKS_PATH", "")
    os.environ["GRC_BLOCKS_PATH"] = blocks + (os.pathsep + old if old else "")
    scratch = tempfile.mkdtemp(prefix="grc-screenshots-")
    os.environ["GRC_PREFS_PATH"] = os.path.join(scratch, "grc.conf")
    os.environ.setdefault("XDG_CACHE_HOME", os.path.join(scratch, "cache"))

    import gi
    gi.require_version("Gtk", "3.0")
    gi.require_version("PangoCairo", "1.0")
    from gi.repository import Gtk
    import cairo

    from gnuradio import gr
    # in GRC's own order (gnuradio/grc/main.py): Platform first, else Utils and
    # Actions import each other half-initialized
    from gnuradio.grc.gui.Platform import Platform
    from gnuradio.grc.gui import Constants
    from gnuradio.grc.gui.canvas import colors

    ok, _ = Gtk.init_check(sys.argv)
    if not ok:
        sys.exit("grc-screenshots: no display (run scripts/grc-screenshots.sh, "
                 "which starts Xvfb, or xvfb-run -a /usr/bin/python3 ...)")
    # GRC's canvas FlowGraph looks up the default Gtk.Application and its main
    # window for its right-click menu: a bare application (never run) and no
    # menu, since nothing is clicked here
    app = Gtk.Application(application_id="org.gnuradio.gpufec.screenshots")
    app.register(None)
    from gnuradio.grc.gui.canvas import flowgraph as canvas_flowgraph
    canvas_flowgraph._ContextMenu = lambda main_window: None
    # GRC's View toggles (hide variables, show block comments, show ids ...)
    # start True until the application loads its preferences: set each to GRC's
    # default, as a fresh GRC shows a flowgraph
    from gnuradio.grc.gui import Actions
    for action in vars(Actions).values():
        if isinstance(action, Actions.Action) and action.preference_name:
            action.set_active(bool(action.default))

    try:
        import gnuradio.gpufec  # noqa: F401
    except ImportError:
        try:
            # a build tree older than its gnuradio/gpufec alias: `import gpufec`
            # is the same package (python/gpufec/build_tree_alias.py)
            import gnuradio
            import gpufec
            sys.modules["gnuradio.gpufec"] = gnuradio.gpufec = gpufec
        except ImportError:
            print("grc-screenshots: warning: `from gnuradio import gpufec` fails here; "
                  "parameters that evaluate it may be drawn in red "
                  "(PYTHONPATH=build/python)", file=sys.stderr)

    platform = Platform(version=gr.version(),
                        version_parts=(gr.major_version(), gr.api_version(),
                                       gr.minor_version()),
                        prefs=gr.prefs(), install_prefix=gr.prefix())
    platform.build_library()
    missing = [k for k in ("gpufec_ldpc_decoder_fb", "gpufec_ldpc_encoder_bb")
               if k not in platform.blocks]
    if missing:
        sys.exit("grc-screenshots: GRC did not load %s from %s" % (missing, blocks))

    files = args.grc or sorted(glob.glob(os.path.join(ROOT, "examples", "*.grc")))
    if not files:
        sys.exit("grc-screenshots: no .grc files")
    os.makedirs(args.out, exist_ok=True)
    bad = 0
    for path in files:
        name = os.path.splitext(os.path.basename(path))[0]
        out = os.path.join(args.out, "grc_%s.png" % name)
        fg = platform.make_flow_graph()
        fg.import_data(platform.parse_flow_graph(path))
        # what Notebook.Page and Application do when a file is opened
        fg.update()
        if not fg.is_valid():
            bad += 1
            print("grc-screenshots: %s: not valid in GRC:" % path, file=sys.stderr)
            for e in fg.iter_error_messages():
                print("    %s" % (e,), file=sys.stderr)
        draw(fg, out, args.scale, Constants, colors, cairo)
        if args.colors:
            quantize(out, args.colors)
        print("%s -> %s (%d KB)" % (os.path.relpath(path, ROOT),
                                    os.path.relpath(out, ROOT),
                                    (os.path.getsize(out) + 512) // 1024))
    if not args.no_widgets:
        for name, fn in (("grc_block_tree.png", block_tree),
                         ("grc_decoder_properties.png", decoder_properties)):
            out = os.path.join(args.out, name)
            fn(platform, out)
            if args.colors:
                quantize(out, args.colors)
            print("GRC widget -> %s (%d KB)" % (os.path.relpath(out, ROOT),
                                                (os.path.getsize(out) + 512) // 1024))
    unlisted = unlisted_pictures(args.out)
    if unlisted:
        print("grc-screenshots: note: docs/CMakeLists.txt does not install %s: add "
              "them to its figures list" % ", ".join(unlisted), file=sys.stderr)
    return 1 if bad else 0


def unlisted_pictures(out):
    """The grc_*.png of docs/figures that docs/CMakeLists.txt does not name."""
    figures = os.path.join(ROOT, "docs", "figures")
    cmake = os.path.join(ROOT, "docs", "CMakeLists.txt")
    if os.path.abspath(out) != figures or not os.path.exists(cmake):
        return []
    with open(cmake) as f:
        text = f.read()
    return [n for n in sorted(os.listdir(figures))
            if n.startswith("grc_") and n.endswith(".png") and "figures/" + n not in text]


def settle():
    """Lets GTK lay out and draw what was just shown."""
    from gi.repository import Gtk
    for _ in range(20):
        while Gtk.events_pending():
            Gtk.main_iteration()


def block_tree(platform, out):
    """GRC's block list (the right-hand pane) with [GPU FEC] open."""
    from gi.repository import Gtk
    from gnuradio.grc.gui.BlockTreeWindow import BlockTreeWindow
    tree = BlockTreeWindow(platform)
    key = ("GPU FEC",)
    if key not in tree._categories:
        sys.exit("grc-screenshots: no [GPU FEC] category in GRC's block list")
    tree.treeview.collapse_all()
    tree.treeview.expand_row(tree.treestore.get_path(tree._categories[key]), False)
    win = Gtk.OffscreenWindow()
    win.set_default_size(300, 190)
    win.add(tree)
    win.show_all()
    tree.search_entry.hide()  # shown by GRC only while searching (Ctrl+F)
    settle()
    win.get_pixbuf().savev(out, "png", [], [])


def decoder_properties(platform, out):
    """The properties dialog of a new GPU LDPC Decoder (defaults), General tab."""
    from gi.repository import Gdk, Gtk
    from gnuradio.grc.gui.PropsDialog import PropsDialog
    fg = platform.make_flow_graph()
    block = fg.new_block("gpufec_ldpc_decoder_fb")
    block.params["id"].set_value("gpufec_ldpc_decoder_fb_0")  # GRC's name for it
    fg.update()
    parent = Gtk.Window()
    parent.config = platform.config  # what PropsDialog reads of GRC's main window
    dialog = PropsDialog(parent, block)
    # the pane under the tabs lists the block's errors: here only its unconnected
    # ports (a lone block), not worth a picture
    dialog._error_box.hide()
    dialog.resize(560, 760)
    settle()
    win = dialog.get_window()
    Gdk.pixbuf_get_from_window(win, 0, 0, win.get_width(),
                               win.get_height()).savev(out, "png", [], [])
    dialog.destroy()


def draw(fg, out, scale, Constants, colors, cairo):
    """Utils.make_screenshot (GRC's File > Screen Capture), with a zoom factor
    (GRC's View > Zoom) and a wider margin: GRC's own, one grid step, cuts the
    connectors of a wire that runs back to a port on the far left."""
    fg.create_labels()
    fg.create_shapes()
    x_min, y_min, x_max, y_max = fg.get_extents()
    pad = 4 * Constants.CANVAS_GRID_SIZE
    w = (x_max - x_min + 2 * pad) * scale
    h = (y_max - y_min + 2 * pad) * scale
    surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, round(w), round(h))
    cr = cairo.Context(surf)
    cr.set_source_rgba(*colors.FLOWGRAPH_BACKGROUND_COLOR)
    cr.rectangle(0, 0, w, h)
    cr.fill()
    cr.scale(scale, scale)
    cr.translate(pad - x_min, pad - y_min)
    fg.create_labels(cr)
    fg.create_shapes()
    fg.draw(cr)
    surf.write_to_png(out)


def quantize(out, colors):
    """A palette PNG: a third of the size, the same picture to the eye."""
    try:
        from PIL import Image
    except ImportError:
        return
    img = Image.open(out).convert("RGB")
    img.quantize(colors=colors, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)


if __name__ == "__main__":
    sys.exit(main())
