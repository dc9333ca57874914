// The floor for --export: a bare Qt Charts program that lays out one bar chart at 1920 × 1080 on
// the offscreen platform, grabs it to a PNG and quits. Usage: bench_bare_chart OUT.png
#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QPixmap>
#include <QTimer>

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("bare.png");

    auto *set = new QBarSet(QStringLiteral("weights"));
    *set << 0.2 << 0.45 << 0.35;
    auto *series = new QBarSeries;
    series->append(set);
    auto *chart = new QChart;
    chart->addSeries(series);
    chart->createDefaultAxes();
    chart->setAnimationOptions(QChart::NoAnimation);
    QChartView view(chart);
    view.resize(1920, 1080);
    view.show();
    int code = 0;
    QTimer::singleShot(0, &app, [&] {
        code = view.grab().save(out, "PNG") ? 0 : 1;
        app.quit();
    });
    app.exec();
    return code;
}
