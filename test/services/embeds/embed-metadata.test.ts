import { describe, expect, it } from "vitest";
import { embedOf, readOEmbed, readPageMetadata } from "../../../src/services/embeds/embed-metadata";

const base = new URL("https://pics.example/photos/1");

describe("embed metadata", () => {
  it("builds a photo's <img> with its attributes escaped, and keeps only http(s) URLs", () => {
    const photo = readOEmbed(
      { type: "photo", url: "/full.jpg?a=1&b=2", width: "640", height: 480, title: 'Sun "set"><script>x</script>' },
      base,
    );
    expect(embedOf(base, undefined, photo)).toEqual({
      type: "rich",
      title: 'Sun "set"><script>x</script>',
      site: "pics.example",
      html: '<img src="https://pics.example/full.jpg?a=1&amp;b=2" alt="Sun &quot;set&quot;&gt;&lt;script&gt;x&lt;/script&gt;" width="640" height="480">',
    });
    const scripted = readOEmbed({ type: "photo", url: "javascript:alert(1)", title: "No" }, base);
    expect(embedOf(base, undefined, scripted)).toEqual({ type: "link", title: "No", site: "pics.example" });
    expect(readOEmbed(["not", "an", "object"], base)).toBeUndefined();
  });

  it("reads the first title, icon and oEmbed link, and ignores non-http(s) ones", async () => {
    const page = await readPageMetadata(
      `<head><title>First</title><title>Second</title><link rel="icon" href="javascript:x">` +
        `<link rel="apple-touch-icon" href="/touch.png"><link rel="alternate" type="application/json+oembed" href="data:x">` +
        `<meta name="description" content="  Many   spaces\n here ">`,
      base,
    );
    expect(page).toEqual({
      title: "First",
      description: "Many spaces here",
      icon: "https://pics.example/touch.png",
      siteName: undefined,
      image: undefined,
      oembedUrl: undefined,
    });
  });
});
