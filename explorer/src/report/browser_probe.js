// The report pages' browser probe (explorer/src/report/browser.rs adds it at the top of
// each page): records errors from the first line on, and after the load event writes
// what it measured of every plot, as JSON, into a pre element with the id pq-probe.
(() => {
  const WIDTH = __WIDTH__, HEIGHT = __HEIGHT__;
  const errors = [];
  // Capturing: resource errors (an <img> that fails) do not bubble.
  addEventListener("error", (e) => {
    const t = e.target;
    if (t && t !== window && (t.src || t.href)) {
      errors.push("failed to load " + (t.src || t.href.baseVal || t.href));
    } else {
      errors.push("uncaught: " + e.message);
    }
  }, true);
  addEventListener("unhandledrejection", (e) => errors.push("unhandled rejection: " + e.reason));
  for (const level of ["error", "warn"]) {
    const original = console[level];
    console[level] = (...args) => {
      errors.push("console." + level + ": " + args.join(" "));
      original.apply(console, args);
    };
  }

  const probes = [];
  const caption = (el) => {
    const f = el.closest("figure");
    const c = f && f.querySelector("figcaption");
    return c ? c.textContent : "";
  };
  // Images put into the document before the load event delay it, so every copy has
  // loaded (or failed) when the load handler measures.
  document.addEventListener("DOMContentLoaded", () => {
    const box = document.createElement("div");
    box.style.cssText = "position:absolute;left:-100000px;top:0";
    document.body.append(box);
    const copy = (src) => {
      const img = new Image();
      img.className = "pq-probe";
      img.src = src;
      box.append(img);
      return img;
    };
    document.querySelectorAll("svg").forEach((svg, i) => {
      const xml = new XMLSerializer().serializeToString(svg);
      probes.push({
        kind: "svg",
        name: "#" + (i + 1) + " (" + caption(svg) + ")",
        el: svg,
        raster: copy("data:image/svg+xml;charset=utf-8," + encodeURIComponent(xml)),
      });
    });
    document.querySelectorAll("img:not(.pq-probe)").forEach((img) => {
      probes.push({ kind: "img", name: img.getAttribute("src"), el: img, raster: img });
    });
    document.querySelectorAll('a[href$=".png"]').forEach((a) => {
      probes.push({ kind: "png link", name: a.getAttribute("href"), el: null, raster: copy(a.href) });
    });
  });

  // Share of the pixels that are not white, the image drawn at the plot size.
  const ink = (img) => {
    const canvas = document.createElement("canvas");
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.drawImage(img, 0, 0, WIDTH, HEIGHT);
    const d = ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) n++;
    }
    return n / (WIDTH * HEIGHT);
  };

  addEventListener("load", () => {
    const plots = probes.map((p) => {
      const box = p.el ? p.el.getBoundingClientRect() : null;
      const out = {
        kind: p.kind,
        name: p.name,
        width: box ? box.width : null,
        height: box ? box.height : null,
        natural_width: p.raster.naturalWidth,
        natural_height: p.raster.naturalHeight,
        ink: null,
        shapes: p.kind === "svg"
          ? p.el.querySelectorAll("path,polyline,polygon,line,rect,circle,ellipse,text").length
          : null,
        error: null,
      };
      try {
        if (p.raster.complete && p.raster.naturalWidth > 0) out.ink = ink(p.raster);
      } catch (e) {
        out.error = "drawing it: " + e;
      }
      return out;
    });
    const pre = document.createElement("pre");
    pre.id = "pq-probe";
    pre.textContent = JSON.stringify({ title: document.title, errors, plots });
    document.body.append(pre);
  });
})();
