/**
 * A design's link preview (its page's title, description and picture, docs/decisions/025): what a
 * message or a search result shows of a shared design's URL, before anyone opens it.
 */
export function designPreview(design: {
  designTitle: string;
  shopName: string;
  price: string | null;
  image: { url: string; width: number; height: number; alt: string } | null;
}) {
  const price = design.price ? `, ${design.price}` : '';
  return {
    title: `${design.designTitle} UPF 50+ Sun Shirt | ${design.shopName}`,
    description: `${design.designTitle}: a UPF 50+ printed sun shirt${price}. Short and regular sizes, the print on the front or the back.`,
    image: design.image,
  };
}
