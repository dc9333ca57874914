#pragma once

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;

/// The softmax temperature τ on a logarithmic slider from 0.05 to 20 (1 sits in the middle)
/// with a number box and a reset button, all kept in step.
class TemperatureControl : public QWidget
{
    Q_OBJECT

public:
    static constexpr double kMinimum = 0.05;
    static constexpr double kMaximum = 20.0;
    static constexpr int kSteps = 1000;
    static constexpr int kDecimals = 3;

    explicit TemperatureControl(QWidget *parent = nullptr);
    ~TemperatureControl() override;

    /// τ at a slider position: kMinimum · (kMaximum / kMinimum)^(position / kSteps); the ends
    /// give kMinimum and kMaximum exactly.
    static double temperatureAt(int position);
    /// The nearest slider position of τ, clamped to the slider.
    static int positionOf(double temperature);

    /// The value in the number box.
    double temperature() const;
    /// Shows τ without emitting temperatureEdited(). A τ outside the slider's range (from a file)
    /// is shown in the box as it is and the slider stops at its end.
    void setTemperature(double temperature);

    QSlider *slider() const { return m_slider; }
    QDoubleSpinBox *spinBox() const { return m_box; }
    QPushButton *resetButton() const { return m_reset; }

signals:
    /// The user chose τ with the slider, the box or the reset button.
    void temperatureEdited(double temperature);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void onSliderMoved(int position);
    void onBoxEdited(double value);
    void onReset();

    QLabel *m_title;
    QSlider *m_slider;
    QDoubleSpinBox *m_box;
    QPushButton *m_reset;
};
