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
    /// The box lets anything up to this size be typed, and then says when it is out of range.
    static constexpr double kTypingLimit = 9999.999;

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
    /// is shown in the box as it is and the slider stops at its end. Typed into the box, a τ
    /// outside the slider's range is refused with a message that gives the range.
    void setTemperature(double temperature);

    QSlider *slider() const { return m_slider; }
    QDoubleSpinBox *spinBox() const { return m_box; }
    QPushButton *resetButton() const { return m_reset; }
    /// Says the range when a typed τ is outside it; hidden otherwise.
    QLabel *rangeMessage() const { return m_message; }

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
    void applyMessageColour();
    bool accepts(double temperature) const;

    QLabel *m_title;
    QSlider *m_slider;
    QDoubleSpinBox *m_box;
    QPushButton *m_reset;
    QLabel *m_message;
    double m_current = 1.0; // the τ in use, put back when a typed one is refused
};
