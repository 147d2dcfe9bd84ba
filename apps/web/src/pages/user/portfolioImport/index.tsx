export default function PortfolioImportPage() {
  return <div data-testid="page-portfolioImport" />;
}
