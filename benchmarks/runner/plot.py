"""A log-log SVG of throughput against tree size, drawn without any plotting library."""

import math

WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 80, 200, 40, 60
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]


def _decades(low, high):
    return list(range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1))


def _label(value):
    return f"{value:,.0f}" if value >= 1 else f"{value:g}"


def throughput_svg(series, reference=None, title="Throughput against tree size"):
    """series: {name: [(tree_size, requests_per_second), ...]}; reference: (name, req/s) drawn
    as a dashed horizontal line (the hello-world)."""
    points = [p for values in series.values() for p in values]
    if not points:
        return None
    ys = [y for _, y in points] + ([reference[1]] if reference else [])
    x_decades = _decades(min(x for x, _ in points), max(x for x, _ in points))
    y_decades = _decades(max(min(ys), 1e-3), max(ys))
    if len(x_decades) < 2:
        x_decades.append(x_decades[-1] + 1)
    if len(y_decades) < 2:
        y_decades.append(y_decades[-1] + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x):
        return LEFT + (math.log10(x) - x_decades[0]) / (x_decades[-1] - x_decades[0]) * plot_w

    def sy(y):
        y = max(y, 10 ** y_decades[0])
        return TOP + plot_h - (math.log10(y) - y_decades[0]) / (y_decades[-1] - y_decades[0]) * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT + plot_w / 2}" y="22" text-anchor="middle" font-size="15">{title}</text>',
    ]
    for d in x_decades:
        x = sx(10 ** d)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 18}" text-anchor="middle">{_label(10 ** d)}</text>')
    for d in y_decades:
        y = sy(10 ** d)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">{_label(10 ** d)}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#333"/>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 15}" text-anchor="middle">'
               'controllers in the tree (log scale)</text>')
    out.append(f'<text transform="translate(20 {TOP + plot_h / 2}) rotate(-90)" text-anchor="middle">'
               'requests per second (log scale, median of rounds)</text>')
    legend_y = TOP + 10
    if reference:
        y = sy(reference[1])
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" '
                   'stroke="#555" stroke-dasharray="6 4"/>')
        out.append(f'<line x1="{LEFT + plot_w + 12}" y1="{legend_y}" x2="{LEFT + plot_w + 36}" '
                   f'y2="{legend_y}" stroke="#555" stroke-dasharray="6 4"/>')
        out.append(f'<text x="{LEFT + plot_w + 42}" y="{legend_y + 4}">{reference[0]}</text>')
        legend_y += 20
    for color, (name, values) in zip(COLORS, series.items()):
        values = sorted(values)
        path = " ".join(f"{'M' if i == 0 else 'L'}{sx(x):.1f},{sy(y):.1f}" for i, (x, y) in enumerate(values))
        out.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        for x, y in values:
            out.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="4" fill="{color}">'
                       f'<title>{name}: {x:,} controllers, {y:,.0f} req/s</title></circle>')
        out.append(f'<line x1="{LEFT + plot_w + 12}" y1="{legend_y}" x2="{LEFT + plot_w + 36}" '
                   f'y2="{legend_y}" stroke="{color}" stroke-width="2"/>')
        words = name.split(", ")
        for i, word in enumerate(words):
            out.append(f'<text x="{LEFT + plot_w + 42}" y="{legend_y + 4 + 14 * i}">{word}</text>')
        legend_y += 20 + 14 * (len(words) - 1)
    out.append("</svg>")
    return "\n".join(out) + "\n"
