//! The laid-out pages as a PDF file: the two standard fonts, one content
//! stream a page (left uncompressed: small, and its text searchable), the
//! footer with the project's name and "Page n of m" (known only once every
//! page is laid out), and the document's title and producer.

use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str, TextStr};

use super::font::{encode, Font};
use super::layout::{Mark, PageSize, Style, GREY, MARGIN_SIDE};

const FOOTER: Style = Style {
    font: Font::Regular,
    size: 8.0,
    color: GREY,
    leading: 10.0,
};
/// The footer's baseline, from the page's bottom edge.
const FOOTER_BASELINE: f64 = 30.0;

pub struct Document<'a> {
    pub pages: Vec<Vec<Mark>>,
    pub size: PageSize,
    pub title: &'a str,
    /// Left of every page's footer.
    pub footer: &'a str,
    pub producer: &'a str,
}

pub fn pdf_bytes(doc: &Document) -> Vec<u8> {
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let count = doc.pages.len();
    let page_ref = |i: usize| Ref::new(6 + 2 * i as i32);
    let content_ref = |i: usize| Ref::new(7 + 2 * i as i32);
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids((0..count).map(page_ref))
        .count(count as i32);
    for (id, font) in [(regular, Font::Regular), (bold, Font::Bold)] {
        pdf.type1_font(id)
            .base_font(Name(font.base_font()))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    for (i, marks) in doc.pages.iter().enumerate() {
        let footer = [
            Mark::Line {
                from: (MARGIN_SIDE, doc.size.height - FOOTER_BASELINE - 12.0),
                to: (
                    doc.size.width - MARGIN_SIDE,
                    doc.size.height - FOOTER_BASELINE - 12.0,
                ),
                width: 0.5,
                color: GREY,
            },
            footer_text(MARGIN_SIDE, doc, doc.footer),
            footer_text_right(doc, &format!("Page {} of {count}", i + 1)),
        ];
        let content = content(marks.iter().chain(&footer), doc.size.height);
        pdf.stream(content_ref(i), &content);
        let mut page = pdf.page(page_ref(i));
        page.media_box(Rect::new(
            0.0,
            0.0,
            doc.size.width as f32,
            doc.size.height as f32,
        ))
        .parent(tree)
        .contents(content_ref(i));
        page.resources()
            .fonts()
            .pair(Name(Font::Regular.resource()), regular)
            .pair(Name(Font::Bold.resource()), bold);
    }
    pdf.document_info(info)
        .title(TextStr(doc.title))
        .creator(TextStr(doc.producer))
        .producer(TextStr(doc.producer));
    pdf.finish()
}

fn footer_text(x: f64, doc: &Document, text: &str) -> Mark {
    // The project's name, cut to leave room for the page number.
    let room = doc.size.width - 2.0 * MARGIN_SIDE - 80.0;
    let mut bytes = encode(text);
    let width = |b: &[u8]| FOOTER.font.encoded_width(b, FOOTER.size);
    if width(&bytes) > room {
        let ellipsis = width(b"...");
        while !bytes.is_empty() && width(&bytes) + ellipsis > room {
            bytes.pop();
        }
        bytes.extend_from_slice(b"...");
    }
    Mark::Text {
        x,
        y: doc.size.height - FOOTER_BASELINE,
        font: FOOTER.font,
        size: FOOTER.size,
        color: FOOTER.color,
        text: bytes,
    }
}

fn footer_text_right(doc: &Document, text: &str) -> Mark {
    let width = FOOTER.font.width(text, FOOTER.size);
    Mark::Text {
        x: doc.size.width - MARGIN_SIDE - width,
        y: doc.size.height - FOOTER_BASELINE,
        font: FOOTER.font,
        size: FOOTER.size,
        color: FOOTER.color,
        text: encode(text),
    }
}

/// A page's marks as PDF drawing operators; PDF's y grows up from the
/// bottom edge.
fn content<'m>(marks: impl Iterator<Item = &'m Mark>, height: f64) -> Vec<u8> {
    let mut c = Content::new();
    let y = |top: f64| (height - top) as f32;
    for mark in marks {
        match mark {
            Mark::Text {
                x,
                y: baseline,
                font,
                size,
                color,
                text,
            } => {
                c.set_fill_rgb(color.0, color.1, color.2);
                c.begin_text();
                c.set_font(Name(font.resource()), *size as f32);
                c.next_line(*x as f32, y(*baseline));
                c.show(Str(text));
                c.end_text();
            }
            Mark::Rect {
                x,
                y: top,
                width,
                height: h,
                fill,
            } => {
                c.set_fill_rgb(fill.0, fill.1, fill.2);
                c.rect(*x as f32, y(top + h), *width as f32, *h as f32);
                c.fill_nonzero();
            }
            Mark::Line {
                from,
                to,
                width,
                color,
            } => {
                c.set_stroke_rgb(color.0, color.1, color.2);
                c.set_line_width(*width as f32);
                c.move_to(from.0 as f32, y(from.1));
                c.line_to(to.0 as f32, y(to.1));
                c.stroke();
            }
        }
    }
    c.finish().into_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::pdf::layout::BLACK;
    use crate::report::Paper;

    fn text(s: &str) -> Mark {
        Mark::Text {
            x: 50.0,
            y: 100.0,
            font: Font::Bold,
            size: 9.0,
            color: BLACK,
            text: encode(s),
        }
    }

    #[test]
    fn every_page_gets_its_number_of_the_total_and_the_footer() {
        let doc = Document {
            pages: vec![vec![text("first")], vec![text("Café (1)")]],
            size: PageSize::of(Paper::Letter),
            title: "T",
            footer: "Project X",
            producer: "StackSizer test",
        };
        let bytes = pdf_bytes(&doc);
        assert!(bytes.starts_with(b"%PDF-"));
        let has = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
        assert!(has(b"(Page 1 of 2) Tj"));
        assert!(has(b"(Page 2 of 2) Tj"));
        assert!(has(b"(Project X) Tj"));
        // Text beyond ASCII is written in hex: WinAnsi é is E9.
        assert!(has(b"<436166E920283129> Tj"));
        assert!(has(b"/BaseFont /Helvetica-Bold"));
        assert!(has(b"/Encoding /WinAnsiEncoding"));
        assert!(has(b"/MediaBox [0 0 612 792]"));
        assert!(has(b"/Count 2"));
    }

    #[test]
    fn a_long_footer_is_cut_before_the_page_number() {
        let doc = Document {
            pages: vec![Vec::new()],
            size: PageSize::of(Paper::A4),
            title: "T",
            footer: &"long name ".repeat(100),
            producer: "p",
        };
        let Mark::Text { text, .. } = footer_text(MARGIN_SIDE, &doc, doc.footer) else {
            panic!("text");
        };
        assert!(text.ends_with(b"..."));
        let room = doc.size.width - 2.0 * MARGIN_SIDE - 80.0;
        assert!(FOOTER.font.encoded_width(&text, FOOTER.size) <= room);
    }
}
